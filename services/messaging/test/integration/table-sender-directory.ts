import { Global, Injectable, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MessagingModule } from '../../src/messaging.module';
import { SENDER_DIRECTORY, type SenderCredentials, type SenderDirectory } from '../../src/ports';

/**
 * A real, minimal SenderDirectory over a table the test creates (`test_sender`), for the webhook's
 * tests before the sender module (helper mcore) is merged: the webhook asks it which organization a
 * phone number id belongs to, as it will ask the real one.
 */
@Injectable()
export class TableSenderDirectory implements SenderDirectory {
  constructor(private readonly db: DataSource) {}

  async senderFor(orgaId: string): Promise<SenderCredentials | null> {
    const rows: { phone_number_id: string; access_token: string }[] = await this.db.query(
      `SELECT phone_number_id, access_token FROM test_sender WHERE orga_id = $1`,
      [orgaId],
    );
    const row = rows[0];
    return row ? { orgaId, phoneNumberId: row.phone_number_id, accessToken: row.access_token, capPerSecond: 80 } : null;
  }

  async orgaOfPhoneNumberId(phoneNumberId: string): Promise<string | null> {
    const rows: { orga_id: string }[] = await this.db.query(`SELECT orga_id FROM test_sender WHERE phone_number_id = $1`, [phoneNumberId]);
    return rows[0]?.orga_id ?? null;
  }
}

export const CREATE_TEST_SENDER = `CREATE TABLE IF NOT EXISTS "messaging".test_sender (
  phone_number_id varchar(100) PRIMARY KEY, orga_id uuid NOT NULL, access_token varchar(200) NOT NULL)`;

@Global()
@Module({ providers: [{ provide: SENDER_DIRECTORY, useClass: TableSenderDirectory }], exports: [SENDER_DIRECTORY] })
class TableSenderModule {}

/** The messaging service with the table's directory beside it. */
@Module({ imports: [MessagingModule, TableSenderModule] })
export class MessagingWithTableSenders {}
