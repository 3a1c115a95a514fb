import { Controller } from '@nestjs/common';
import { matchCustomerRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { RpcError, RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { phoneKey } from '@pawline/domain';

type Match = RpcResponse<typeof matchCustomerRpc>;

/** phoneKey in SQL: digits only, a leading 00 off, the last nine */
const KEY_SQL = (column: string) => `right(regexp_replace(regexp_replace(coalesce(${column}, ''), '\\D', '', 'g'), '^00', ''), 9)`;

/**
 * What booking asks of crm for a customer's request: service to service only (no signed-in user), as the
 * messaging link: a browser reaches it through no gateway route.
 */
@Controller()
export class BookingLinkHandlers {
  constructor(private readonly db: DataSource) {}

  /** The store's customer whose phone (fon or fon_2, on digits) or else e-mail (case aside) matches, with their pets. */
  @RpcHandler(matchCustomerRpc)
  async match(input: RpcRequest<typeof matchCustomerRpc>, ctx: RpcCallContext): Promise<Match> {
    if (ctx.auth) throw new RpcError('forbidden');
    const key = phoneKey(input.fon);
    const email = input.email?.trim().toLowerCase() || null;
    if (!key && !email) return { customer: null, pets: [] };
    const [customer] = await this.db.query<NonNullable<Match['customer']>[]>(
      `SELECT id, first_name, last_name, consent_messages, consent_reminders, consent_marketing
         FROM (SELECT c.*, ($3::text IS NOT NULL AND $3::text IN (${KEY_SQL('c.fon')}, ${KEY_SQL('c.fon_2')})) AS by_phone
                 FROM customer c WHERE c.orga_id = $1 AND c.store_id = $2) c
        WHERE by_phone OR ($4::text IS NOT NULL AND lower(email) = $4)
        ORDER BY by_phone DESC, updated_at DESC, id
        LIMIT 1`,
      [input.orga_id, input.store_id, key, email],
    );
    if (!customer) return { customer: null, pets: [] };
    const pets = await this.db.query<Match['pets']>(
      `SELECT id, name, pet_type, breed, size, hair FROM pet WHERE orga_id = $1 AND customer_id = $2 ORDER BY name, id`,
      [input.orga_id, customer.id],
    );
    return { customer, pets };
  }
}
