import { randomUUID } from 'node:crypto';
import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { KIT_CONFIG, NATS_CONNECTION, prefixed, type KitConfig } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { MessagingModule } from '../../src/messaging.module';
import {
  DIRECTORY,
  OUTBOUND_SENDER,
  SENDER_DIRECTORY,
  TEMPLATE_COMPOSER,
  WHATSAPP_PROVIDER,
  type ComposedReminder,
  type Directory,
  type DirectoryCustomer,
  type MessageProvider,
  type OutboundSender,
  type ReminderFacts,
  type SenderDirectory,
  type TemplateComposer,
} from '../../src/ports';

/**
 * The other parts' ports, small and real, until their modules are merged (helpers sched, mcore,
 * provider, worker): a directory over a test table, one sender per organization, media served from
 * memory as the sandbox does, the outbound sender writing the outbound_message row and its job on WORK.
 */
export const TEST_DIRECTORY_TABLE = `CREATE TABLE IF NOT EXISTS messaging.test_directory_customer (
  customer_id uuid PRIMARY KEY, orga_id uuid NOT NULL, store_id uuid NOT NULL, first_name text NOT NULL, last_name text NOT NULL, phone text)`;

type DirectoryRow = { customer_id: string; orga_id: string; store_id: string; first_name: string; last_name: string; phone: string | null };

@Injectable()
class TableDirectory implements Directory {
  constructor(private readonly db: DataSource) {}
  private toCustomer = (row: {
    customer_id: string;
    orga_id: string;
    store_id: string;
    first_name: string;
    last_name: string;
    phone: string | null;
  }): DirectoryCustomer => ({
    customerId: row.customer_id,
    orgaId: row.orga_id,
    storeId: row.store_id,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    consentMessages: true,
    consentReminders: true,
    consentMarketing: false,
    language: null,
  });
  /** the inbox's tests compose no scheduled reminder: none of their customers has reminder facts */
  reminderFacts(): Promise<ReminderFacts | null> {
    return Promise.resolve(null);
  }
  async customer(orgaId: string, customerId: string) {
    const [row] = await this.db.query<DirectoryRow[]>(`SELECT * FROM test_directory_customer WHERE orga_id = $1 AND customer_id = $2`, [
      orgaId,
      customerId,
    ]);
    return row ? this.toCustomer(row) : null;
  }
  async customersByPhone(orgaId: string, phone: string) {
    const rows = await this.db.query<DirectoryRow[]>(
      `SELECT * FROM test_directory_customer WHERE orga_id = $1 AND phone = $2 ORDER BY customer_id`,
      [orgaId, phone],
    );
    return rows.map(this.toCustomer);
  }
}

/** media ids the test's customers "sent" */
export const TEST_MEDIA = new Map<string, { bytes: Buffer; mimeType: string }>();

const memoryProvider: MessageProvider = {
  name: 'sandbox',
  send: async () => ({ providerMessageId: `wamid.${randomUUID()}` }),
  fetchMedia: async (_sender, mediaId) => {
    const media = TEST_MEDIA.get(mediaId);
    if (!media) throw new Error(`no media ${mediaId}`);
    return media;
  },
};

const senders: SenderDirectory = {
  senderFor: async (orgaId) => ({ orgaId, phoneNumberId: `pn-${orgaId}`, accessToken: 'sandbox', capPerSecond: 80 }),
  orgaOfPhoneNumberId: async (id) => (id.startsWith('pn-') ? id.slice(3) : null),
};

export const TEST_TEMPLATE_ID = '7e1b4c1e-1f2a-4c3b-9d4e-5f6a7b8c9d0e';

const composer: TemplateComposer = {
  composeForCustomer: async ({ templateId, addition }): Promise<ComposedReminder | null> =>
    templateId === TEST_TEMPLATE_ID
      ? { to: '', templateName: 'pawline_free', language: 'it', parameters: [addition], buttons: 0, renderedText: `Ciao! ${addition}` }
      : null,
  // the inbox sends no campaign (marketing's messages come through CampaignSendConsumer)
  composeCampaign: async () => null,
};

@Injectable()
class RowAndJobSender implements OutboundSender {
  constructor(
    private readonly db: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
  ) {}
  async enqueue(message: Parameters<OutboundSender['enqueue']>[0]): Promise<string> {
    const id = randomUUID();
    await this.db.query(
      `INSERT INTO outbound_message (id, orga_id, store_id, kind, customer_id, dedupe_key, to_phone, content, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0)`,
      [id, message.orgaId, message.storeId, message.kind, message.customerId, `${message.kind}:${id}`, message.content.to, message.content],
    );
    await jetstream(this.nc).publish(prefixed(this.config, 'work.messaging.send'), JSON.stringify({ outbound_id: id }), { msgID: id });
    return id;
  }
}

@Global()
@Module({
  providers: [
    { provide: DIRECTORY, useClass: TableDirectory },
    { provide: SENDER_DIRECTORY, useValue: senders },
    { provide: WHATSAPP_PROVIDER, useValue: memoryProvider },
    { provide: TEMPLATE_COMPOSER, useValue: composer },
    { provide: OUTBOUND_SENDER, useClass: RowAndJobSender },
  ],
  exports: [DIRECTORY, SENDER_DIRECTORY, WHATSAPP_PROVIDER, TEMPLATE_COMPOSER, OUTBOUND_SENDER],
})
class TestPortsModule {}

@Module({ imports: [TestPortsModule, MessagingModule] })
export class MessagingWithTestPortsModule {}
