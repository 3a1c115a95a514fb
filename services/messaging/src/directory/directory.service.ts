import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Directory, DirectoryCustomer, DueReminder, ReminderFacts } from '../ports';

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
  language: string | null;
};

const COLUMNS = `customer_id, orga_id, store_id, first_name, last_name, phone, consent_messages, consent_reminders, consent_marketing, language`;

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
    language: row.language,
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
    // a business-scoped user id (a customer hiding their number) names no customer's phone
    if (!/^\+?[0-9 ]{6,20}$/.test(phone.trim())) return [];
    const digits = phone.replace(/\D/g, '');
    const rows = await this.db.query<CustomerRow[]>(
      `SELECT ${COLUMNS} FROM dir_customer WHERE orga_id = $1 AND phone = $2 AND NOT deleted ORDER BY version DESC, customer_id LIMIT 20`,
      [orgaId, digits],
    );
    return rows.map(toCustomer);
  }

  async reminderFacts(due: DueReminder): Promise<ReminderFacts | null> {
    const customer = await this.customer(due.orgaId, due.customerId);
    if (!customer) return null;
    let storeId = due.storeId;
    let startsAt: string | null = null;
    let petNames: string[] = [];
    if (due.appointmentId) {
      // the customer's appointment (one of its pets is theirs); its store's name, zone and number are the message's
      const [appointment] = await this.db.query<{ starts_at: Date | null; store_id: string }[]>(
        `SELECT a.starts_at, a.store_id FROM dir_appointment a
          WHERE a.appointment_id = $1 AND a.orga_id = $2 AND NOT a.deleted
            AND EXISTS (SELECT 1 FROM dir_appointment_pet ap JOIN dir_pet p ON p.pet_id = ap.pet_id
                         WHERE ap.appointment_id = a.appointment_id AND p.customer_id = $3)`,
        [due.appointmentId, due.orgaId, due.customerId],
      );
      if (!appointment) return null;
      storeId = appointment.store_id;
      startsAt = appointment.starts_at ? appointment.starts_at.toISOString() : null;
      const pets = await this.db.query<{ name: string }[]>(
        `SELECT p.name FROM dir_appointment_pet ap JOIN dir_pet p ON p.pet_id = ap.pet_id
          WHERE ap.appointment_id = $1 AND p.orga_id = $2 AND NOT p.deleted ORDER BY p.name`,
        [due.appointmentId, due.orgaId],
      );
      petNames = pets.map((pet) => pet.name);
    }
    if (due.petId) {
      const [pet] = await this.db.query<{ name: string }[]>(`SELECT name FROM dir_pet WHERE pet_id = $1 AND orga_id = $2 AND NOT deleted`, [
        due.petId,
        due.orgaId,
      ]);
      if (!pet) return null;
      petNames = [pet.name];
    }
    const [store] = await this.db.query<{ name: string; phone: string | null; time_zone: string }[]>(
      `SELECT name, phone, time_zone FROM dir_store WHERE store_id = $1 AND orga_id = $2 AND NOT deleted`,
      [storeId, due.orgaId],
    );
    if (!store) return null;
    return { customer, petNames, storeName: store.name, storePhone: store.phone, timeZone: store.time_zone, startsAt };
  }
}
