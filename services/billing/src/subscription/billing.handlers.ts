import { Controller } from '@nestjs/common';
import {
  confirmPaymentRpc,
  getBillingProfileRpc,
  getSubscriptionRpc,
  listInvoicesRpc,
  listPlansRpc,
  payDeclinedChargeRpc,
  readInvoiceDocumentRpc,
  runBillingRpc,
  setCustomizedPlanRpc,
  subscribeRpc,
  updateBillingProfileRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { PLANS, PLAN_IDS } from '@pawline/domain';
import { Member, OrgaAdmin, RpcError, RpcHandler, scopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { InvoiceService } from '../invoice/invoice.service';
import { BillingRun } from './billing-run';
import { SubscriptionCommands } from './subscription.commands';
import { SubscriptionQueries } from './subscription.queries';

/**
 * Members see the plans and where the organization stands; organization administrators give billing
 * data, subscribe, pay and read invoices. Access is the kit's (ADR 0007).
 */
@Controller()
export class BillingHandlers {
  constructor(
    private readonly db: DataSource,
    private readonly queries: SubscriptionQueries,
    private readonly commands: SubscriptionCommands,
    private readonly billingRun: BillingRun,
    private readonly invoices: InvoiceService,
  ) {}

  @Member()
  @RpcHandler(listPlansRpc)
  async plans(_input: RpcRequest<typeof listPlansRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listPlansRpc>> {
    const subscription = await this.queries.view(this.db, scopeOf(ctx).orgaId);
    return {
      v: {
        plans: PLAN_IDS.map((id) => ({ ...PLANS[id], features: [...PLANS[id].features], quotas: { ...PLANS[id].quotas } })),
        subscription,
      },
    };
  }

  @Member()
  @RpcHandler(getSubscriptionRpc)
  async subscription(_input: RpcRequest<typeof getSubscriptionRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getSubscriptionRpc>> {
    return this.queries.view(this.db, scopeOf(ctx).orgaId);
  }

  @OrgaAdmin()
  @RpcHandler(subscribeRpc)
  async subscribe(input: RpcRequest<typeof subscribeRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof subscribeRpc>> {
    const scope = scopeOf(ctx);
    return this.commands.subscribe(scope.orgaId, input.plan_id, scope.meta);
  }

  @OrgaAdmin()
  @RpcHandler(confirmPaymentRpc)
  async confirm(input: RpcRequest<typeof confirmPaymentRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof confirmPaymentRpc>> {
    const scope = scopeOf(ctx);
    return this.commands.confirm(scope.orgaId, input.payment_id, input.outcome, scope.meta);
  }

  @OrgaAdmin()
  @RpcHandler(payDeclinedChargeRpc)
  async payDeclined(
    _input: RpcRequest<typeof payDeclinedChargeRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof payDeclinedChargeRpc>> {
    const scope = scopeOf(ctx);
    return this.commands.payDeclined(scope.orgaId, scope.meta);
  }

  @OrgaAdmin()
  @RpcHandler(getBillingProfileRpc)
  async profile(_input: RpcRequest<typeof getBillingProfileRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getBillingProfileRpc>> {
    return { v: await this.invoices.profile(scopeOf(ctx).orgaId) };
  }

  @OrgaAdmin()
  @RpcHandler(updateBillingProfileRpc)
  async saveProfile(
    input: RpcRequest<typeof updateBillingProfileRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof updateBillingProfileRpc>> {
    return this.invoices.saveProfile(scopeOf(ctx).orgaId, input.profile);
  }

  @OrgaAdmin()
  @RpcHandler(listInvoicesRpc)
  async list(_input: RpcRequest<typeof listInvoicesRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listInvoicesRpc>> {
    return { v: await this.invoices.list(scopeOf(ctx).orgaId) };
  }

  @OrgaAdmin()
  @RpcHandler(readInvoiceDocumentRpc)
  async document(
    input: RpcRequest<typeof readInvoiceDocumentRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof readInvoiceDocumentRpc>> {
    return this.invoices.document(scopeOf(ctx).orgaId, input.invoice_id, input.format);
  }

  /** The run of the 1st; not bound by the gateway (operators and the service's own timer). */
  @RpcHandler(runBillingRpc)
  async run(input: RpcRequest<typeof runBillingRpc>): Promise<RpcResponse<typeof runBillingRpc>> {
    return this.billingRun.runMonthly(
      input.period,
      { orgaId: null, storeId: null, actor: null },
      input.now ? new Date(input.now) : new Date(),
    );
  }

  /** An operator's Customized plan (ADR 0031); not bound by the gateway, and refused to any caller with a session. */
  @RpcHandler(setCustomizedPlanRpc)
  async setCustomized(
    input: RpcRequest<typeof setCustomizedPlanRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof setCustomizedPlanRpc>> {
    if (ctx.auth) throw new RpcError('forbidden');
    return this.commands.setCustomized(input.orga_id, input.monthly_cents, input.limits, {
      orgaId: input.orga_id,
      storeId: null,
      actor: null,
    });
  }
}
