import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PawlineLogger } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { InvoiceService } from '../invoice/invoice.service';
import { SdiIntermediary, stateAfter, type SdiReceipt } from './sdi-intermediary';

/** How often queued files are sent and sent ones asked for their receipts (PAWLINE_SDI_EVERY_MS). */
export const SDI_EVERY_MS = 60_000;
/** A file the intermediary could not take is tried again after 1, 2, 4… minutes, at most hourly. */
const RETRY_MS = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
const BATCH = 20;

type Due = { invoice_id: string; file_name: string; progressive: string; provider_ref: string | null; attempts: number };

/**
 * Sends each queued e-invoice to the intermediary and collects the SdI's receipts, on every instance at
 * once: a row is locked while it is handled (SKIP LOCKED), so each file is handed over by one of them.
 * PAWLINE_SDI=off stops it.
 */
@Injectable()
export class SdiSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log: PawlineLogger;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: DataSource,
    private readonly intermediary: SdiIntermediary,
    private readonly invoices: InvoiceService,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'SdiSender' });
  }

  onApplicationBootstrap(): void {
    if (process.env['PAWLINE_SDI'] === 'off') return;
    const every = Number(process.env['PAWLINE_SDI_EVERY_MS'] ?? SDI_EVERY_MS);
    this.timer = setInterval(() => {
      this.running = this.flush().catch((error: unknown) => this.log.error('sending e-invoices failed', { err: error }));
    }, every);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One pass: hand over what is queued, then ask for the receipts of what was sent. */
  async flush(now = new Date()): Promise<{ sent: number; answered: number }> {
    let sent = 0;
    let answered = 0;
    for (const file of await this.due('queued', now)) if (await this.send(file, now)) sent += 1;
    for (const file of await this.due('sent', now)) if (await this.collect(file, now)) answered += 1;
    return { sent, answered };
  }

  private async due(status: 'queued' | 'sent', now: Date): Promise<Due[]> {
    return this.db.query<Due[]>(
      `SELECT invoice_id, file_name, progressive, provider_ref, attempts FROM sdi_transmission
        WHERE status = $1 AND next_attempt_at <= $2 ORDER BY next_attempt_at LIMIT ${BATCH}`,
      [status, now],
    );
  }

  private async send(file: Due, now: Date): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      const [locked] = await manager.query<Due[]>(
        `SELECT invoice_id FROM sdi_transmission WHERE invoice_id = $1 AND status = 'queued' FOR UPDATE SKIP LOCKED`,
        [file.invoice_id],
      );
      if (!locked) return false;
      try {
        const xml = await this.invoices.eInvoiceXml(manager, file.invoice_id, file);
        const { ref } = await this.intermediary.submit({ fileName: file.file_name, xml }, now);
        await manager.query(
          `UPDATE sdi_transmission SET status = 'sent', provider = $2, provider_ref = $3, attempts = attempts + 1, next_attempt_at = $4, updated_at = now()
            WHERE invoice_id = $1`,
          [file.invoice_id, this.intermediary.name, ref, now],
        );
        return true;
      } catch (error) {
        // the intermediary did not take it (down, refused the connection): the same file again later
        this.log.warn('an e-invoice was not handed over; it is tried again', { file: file.file_name, err: error });
        await manager.query(
          `UPDATE sdi_transmission SET attempts = attempts + 1, next_attempt_at = $2, updated_at = now() WHERE invoice_id = $1`,
          [file.invoice_id, new Date(now.getTime() + RETRY_MS(file.attempts + 1))],
        );
        return false;
      }
    });
  }

  private async collect(file: Due, now: Date): Promise<boolean> {
    if (!file.provider_ref) return false;
    let receipts: SdiReceipt[];
    try {
      receipts = await this.intermediary.receipts(file.provider_ref);
    } catch (error) {
      this.log.warn('the receipts of an e-invoice could not be read; asked again later', { file: file.file_name, err: error });
      return false;
    }
    const final = receipts.find((receipt) => receipt.type === 'RC' || receipt.type === 'MC' || receipt.type === 'NS');
    if (!final) {
      await this.db.query(`UPDATE sdi_transmission SET next_attempt_at = $2 WHERE invoice_id = $1 AND status = 'sent'`, [
        file.invoice_id,
        new Date(now.getTime() + Number(process.env['PAWLINE_SDI_EVERY_MS'] ?? SDI_EVERY_MS)),
      ]);
      return false;
    }
    if (final.type === 'NS') this.log.error('the SdI rejected an e-invoice', { file: file.file_name, errors: final.errors });
    await this.db.query(
      `UPDATE sdi_transmission SET status = $2, receipts = $3::jsonb, updated_at = now() WHERE invoice_id = $1 AND status = 'sent'`,
      [file.invoice_id, stateAfter(final.type), JSON.stringify(receipts)],
    );
    return true;
  }
}
