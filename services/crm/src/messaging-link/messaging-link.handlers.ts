import { Controller } from '@nestjs/common';
import { customerUpdatedEvent, petNamesRpc, unsubscribeCustomerRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { OutboxService, RpcError, RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { customerEventSnapshot } from '../customer/event-snapshots';

/**
 * What messaging asks of crm for a customer's WhatsApp answer: service to service only (no signed-in
 * user, as scheduling's status-by-customer): a browser reaches neither through the gateway.
 */
@Controller()
export class MessagingLinkHandlers {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * spec §3 button set 3 'unsubscribe': every messaging consent off; a campaign's 'don't read' (consents
   * 'marketing'): the marketing consent only. customer.updated, with the customer as written, tells the
   * directories (messaging's, marketing's audience).
   */
  @RpcHandler(unsubscribeCustomerRpc)
  async unsubscribe(
    input: RpcRequest<typeof unsubscribeCustomerRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof unsubscribeCustomerRpc>> {
    if (ctx.auth) throw new RpcError('forbidden');
    const marketingOnly = input.consents === 'marketing';
    return this.db.transaction(async (m) => {
      const [row] = await m.query<{ store_id: string; subscribed: boolean }[]>(
        `SELECT store_id, ${marketingOnly ? 'consent_marketing' : '(consent_messages OR consent_reminders OR consent_marketing)'} AS subscribed
           FROM customer WHERE id = $1 AND orga_id = $2 FOR UPDATE`,
        [input.customer_id, input.orga_id],
      );
      if (!row) throw new RpcError('not_found');
      // an unsubscribe sent twice changes nothing the second time, and publishes nothing
      if (!row.subscribed) return { customer_id: input.customer_id, changed: false };
      await m.query(
        marketingOnly
          ? `UPDATE customer SET consent_marketing = false, updated_at = now() WHERE id = $1`
          : `UPDATE customer SET consent_messages = false, consent_reminders = false, consent_marketing = false, updated_at = now() WHERE id = $1`,
        [input.customer_id],
      );
      await this.outbox.add(
        m,
        customerUpdatedEvent,
        {
          orga_id: input.orga_id,
          store_id: row.store_id,
          customer_id: input.customer_id,
          customer: await customerEventSnapshot(m, input.customer_id),
        },
        { orgaId: input.orga_id, storeId: row.store_id, actor: null },
      );
      return { customer_id: input.customer_id, changed: true };
    });
  }

  @RpcHandler(petNamesRpc)
  async petNames(input: RpcRequest<typeof petNamesRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof petNamesRpc>> {
    if (ctx.auth) throw new RpcError('forbidden');
    if (input.pet_ids.length === 0) return [];
    return this.db.query(
      `SELECT p.id AS pet_id, p.name, c.id AS customer_id, c.first_name AS customer_first_name, c.last_name AS customer_last_name
         FROM pet p JOIN customer c ON c.id = p.customer_id
        WHERE p.orga_id = $1 AND p.id = ANY($2::uuid[]) ORDER BY p.name, p.id`,
      [input.orga_id, input.pet_ids],
    );
  }
}
