import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An invoice's e-invoice file on its way to the SdI through the intermediary, and the receipts it got. */
@Entity('sdi_transmission')
@Index('ux_sdi_transmission_file', ['fileName'], { unique: true })
@Index('ix_sdi_transmission_due', ['status', 'nextAttemptAt'])
export class SdiTransmissionEntity {
  @PrimaryColumn({ type: 'uuid', name: 'invoice_id' })
  invoiceId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  /** the file's progressive (1–5 characters A–Z 0–9), from the sequence sdi_file_seq */
  @Column({ type: 'varchar', length: 5 })
  progressive!: string;

  /** IT<transmitter id>_<progressive>.xml */
  @Column({ type: 'varchar', length: 60, name: 'file_name' })
  fileName!: string;

  /** queued, sent, delivered (RC), not_deliverable (MC), rejected (NS) */
  @Column({ type: 'varchar', length: 20, default: 'queued' })
  status!: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  provider!: string | null;

  /** the intermediary's id of the file */
  @Column({ type: 'varchar', length: 100, name: 'provider_ref', nullable: true })
  providerRef!: string | null;

  /** the SdI's receipts: type (RC, NS, MC), when, and a rejection's error codes */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  receipts!: unknown;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'timestamptz', name: 'next_attempt_at', default: () => 'now()' })
  nextAttemptAt!: Date;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}

/** A file the sandbox intermediary received, with the receipt it answered (sdi-sandbox.ts). */
@Entity('sdi_sandbox_file')
@Index('ix_sdi_sandbox_file_name', ['fileName'])
@Index('ix_sdi_sandbox_file_invoice', ['invoiceKey'])
export class SdiSandboxFileEntity {
  @PrimaryColumn({ type: 'uuid' })
  ref!: string;

  @Column({ type: 'varchar', length: 60, name: 'file_name' })
  fileName!: string;

  /** seller, document type, year and number: an invoice accepted once */
  @Column({ type: 'varchar', length: 200, name: 'invoice_key', nullable: true })
  invoiceKey!: string | null;

  @Column({ type: 'boolean' })
  accepted!: boolean;

  @Column({ type: 'jsonb' })
  receipts!: unknown;

  @Column({ type: 'timestamptz', name: 'received_at' })
  receivedAt!: Date;
}
