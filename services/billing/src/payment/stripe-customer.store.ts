import type { DataSource } from 'typeorm';
import type { StripeCustomerStore } from './stripe-payment-provider';

/** The Stripe customer of each organization, in billing's own table (stripe_customer). */
export class DbStripeCustomerStore implements StripeCustomerStore {
  constructor(private readonly db: DataSource) {}

  async find(orgaId: string): Promise<{ customerId: string; paymentMethod: string | null } | null> {
    const [row] = await this.db.query<{ customer_id: string; payment_method: string | null }[]>(
      `SELECT customer_id, payment_method FROM stripe_customer WHERE orga_id = $1`,
      [orgaId],
    );
    return row ? { customerId: row.customer_id, paymentMethod: row.payment_method } : null;
  }

  async saveCustomer(orgaId: string, customerId: string): Promise<void> {
    // two charges at once got the same customer back (one idempotency key): the first row stays
    await this.db.query(`INSERT INTO stripe_customer (orga_id, customer_id) VALUES ($1, $2) ON CONFLICT (orga_id) DO NOTHING`, [
      orgaId,
      customerId,
    ]);
  }
}
