import { Controller } from '@nestjs/common';
import {
  listCommissionRulesRpc,
  payrollCsvRpc,
  payrollReportRpc,
  setCommissionRuleRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { OrgaAdmin, RpcHandler, scopeOf, storeScopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { PayrollService } from './payroll.service';

/** Pay is the employer's matter: commission rules and payroll are for organization administrators. */
@Controller()
export class PayrollHandlers {
  constructor(private readonly payroll: PayrollService) {}

  @OrgaAdmin()
  @RpcHandler(listCommissionRulesRpc)
  async rules(_input: RpcRequest<typeof listCommissionRulesRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listCommissionRulesRpc>> {
    return this.payroll.rules(scopeOf(ctx));
  }

  @OrgaAdmin()
  @RpcHandler(setCommissionRuleRpc)
  async setRule(input: RpcRequest<typeof setCommissionRuleRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof setCommissionRuleRpc>> {
    const { service_bp, product_bp, product_after_cost } = input;
    return this.payroll.setRule(scopeOf(ctx), input.user_id, { service_bp, product_bp, product_after_cost }, ctx);
  }

  @OrgaAdmin({ store: 'store_id' })
  @RpcHandler(payrollReportRpc)
  async report(input: RpcRequest<typeof payrollReportRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof payrollReportRpc>> {
    return this.payroll.report(storeScopeOf(ctx), input.from, input.to);
  }

  @OrgaAdmin({ store: 'store_id' })
  @RpcHandler(payrollCsvRpc)
  async csv(input: RpcRequest<typeof payrollCsvRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof payrollCsvRpc>> {
    return this.payroll.csv(storeScopeOf(ctx), input.from, input.to, input.lang ?? ctx.lang, ctx);
  }
}
