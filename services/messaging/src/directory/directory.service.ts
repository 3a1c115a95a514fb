import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Directory, DirectoryCustomer } from '../ports';

type CustomerRow = {
  customer_id: string;
  orga_id: string;
  store_id: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  consent_messages: boolean;
  consent_reminders: boolean;
  consent_marketing: boolean;
};

const COLUMNS = `customer_id, orga_id, store_id, first_name, last_name, phone, consent_messages, consent_reminders, consent_marketing`;

function toCustomer(row: CustomerRow): DirectoryCustomer {
  return {
    customerId: row.customer_id,
    orgaId: row.orga_id,
    storeId: row.store_id,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    consentMessages: row.consent_messages,
    consentReminders: row.consent_reminders,
    consentMarketing: row.consent_marketing,
  };
}

/** The DIRECTORY port over the projections (a deleted customer is not found). */
@Injectable()
export class SqlDirectory implements Directory {
  constructor(private readonly db: DataSource) {}

  async customer(orgaId: string, customerId: string): Promise<DirectoryCustomer | null> {
    const [row] = await this.db.query<CustomerRow[]>(
      `SELECT ${COLUMNS} FROM dir_customer WHERE customer_id = $1 AND orga_id = $2 AND NOT deleted`,
      [customerId, orgaId],
    );
    return row ? toCustomer(row) : null;
  }

  async customersByPhone(orgaId: string, phone: string): Promise<DirectoryCustomer[]> {
    const digits = phone.replace(/\D/g, '');
    if (digits.length === 0) return [];
    const rows = await this.db.query<CustomerRow[]>(
      `SELECT ${COLUMNS} FROM dir_customer WHERE orga_id = $1 AND phone = $2 AND NOT deleted ORDER BY version DESC, customer_id LIMIT 20`,
      [orgaId, digits],
    );
    return rows.map(toCustomer);
  }
}
