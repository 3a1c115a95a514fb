import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { NO_CODICE_DESTINATARIO } from '../invoice/fattura-pa';
import { readXml, textAt } from '../invoice/xml-reader';
import { billingDate } from '../subscription/billing-dates';
import { SdiIntermediary, type SdiFile, type SdiReceipt } from './sdi-intermediary';
import { sdiRuleErrors, type SdiError } from './sdi-rules';

/**
 * The intermediary and the SdI on one machine (the default): it refuses what the SdI refuses (its rules
 * beyond the schema, a file name already used, 00002; an invoice already sent by the seller, 00404; a date
 * after today, 00403) with a rejection (NS), delivers to a recipient code or a PEC (RC), and answers a file
 * with neither, a consumer's (B2C) for one, not deliverable (MC): the SdI then leaves it in the buyer's
 * reserved area of the Agenzia delle Entrate's site and the seller gives them a courtesy copy. It keeps the
 * files in its own table, so every billing instance sees the same SdI.
 */
export class SandboxSdiIntermediary extends SdiIntermediary {
  readonly name = 'sandbox';

  constructor(private readonly db: DataSource) {
    super();
  }

  async submit(file: SdiFile, now: Date): Promise<{ ref: string }> {
    const errors = sdiRuleErrors(file.fileName, file.xml);
    let invoiceKey: string | null = null;
    let delivered = false;
    if (errors.length === 0) {
      const root = readXml(file.xml);
      const document = 'FatturaElettronicaBody/DatiGenerali/DatiGeneraliDocumento';
      const date = textAt(root, `${document}/Data`) ?? '';
      invoiceKey = [
        textAt(root, 'FatturaElettronicaHeader/CedentePrestatore/DatiAnagrafici/IdFiscaleIVA/IdCodice'),
        textAt(root, `${document}/TipoDocumento`),
        date.slice(0, 4),
        textAt(root, `${document}/Numero`),
      ].join('|');
      if (date > billingDate(now)) errors.push({ code: '00403', description: 'Data successiva alla data di ricezione' });
      const code = textAt(root, 'FatturaElettronicaHeader/DatiTrasmissione/CodiceDestinatario');
      delivered = code !== NO_CODICE_DESTINATARIO || textAt(root, 'FatturaElettronicaHeader/DatiTrasmissione/PECDestinatario') !== null;
    }
    // a file name is used once, whatever became of the file; an invoice once it was accepted
    const [sameName] = await this.db.query<unknown[]>(`SELECT 1 FROM sdi_sandbox_file WHERE file_name = $1`, [file.fileName]);
    const [sameInvoice] = await this.db.query<unknown[]>(`SELECT 1 FROM sdi_sandbox_file WHERE invoice_key = $1 AND accepted`, [
      invoiceKey,
    ]);
    if (sameName) errors.push({ code: '00002', description: 'Nome file duplicato' });
    else if (sameInvoice) errors.push({ code: '00404', description: 'Fattura duplicata' });
    const receipt: SdiReceipt =
      errors.length > 0 ? rejection(errors, now) : { type: delivered ? 'RC' : 'MC', at: now.toISOString(), errors: [] };
    const ref = randomUUID();
    await this.db.query(
      `INSERT INTO sdi_sandbox_file (ref, file_name, invoice_key, accepted, receipts, received_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
      [ref, file.fileName, invoiceKey, receipt.type !== 'NS', JSON.stringify([receipt]), now],
    );
    return { ref };
  }

  async receipts(ref: string): Promise<SdiReceipt[]> {
    const [file] = await this.db.query<{ receipts: SdiReceipt[] }[]>(`SELECT receipts FROM sdi_sandbox_file WHERE ref = $1`, [ref]);
    return file?.receipts ?? [];
  }
}

function rejection(errors: SdiError[], now: Date): SdiReceipt {
  return { type: 'NS', at: now.toISOString(), errors };
}
