import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { BillingProfileInput, BillingProfileView, InvoiceView } from '@pawline/contracts';
import {
  BILLING_DATA_ERROR_KEYS,
  checkBillingProfile,
  eInvoiceFieldProblems,
  invoiceTotals,
  type BillingProfile,
  type InvoiceLine,
} from '@pawline/domain';
import { RpcError } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { billingDate, billingYear } from '../subscription/billing-dates';
import { fatturaPaXml, wantsFatturaPa } from './fattura-pa';
import type { SdiReceipt } from '../sdi/sdi-intermediary';
import type { InvoiceCustomer, InvoiceDocument, InvoiceLanguage } from './invoice-document';
import { invoicePdf } from './invoice-pdf';

type ProfileRow = {
  orga_id: string;
  kind: 'company' | 'private';
  legal_name: string | null;
  first_name: string | null;
  last_name: string | null;
  vat: string | null;
  fiscal_code: string | null;
  pec: string | null;
  codice_destinatario: string | null;
  address: string;
  city: string;
  zip_code: string;
  country: string;
  province: string | null;
  language: InvoiceLanguage | null;
};

type InvoiceRow = {
  id: string;
  orga_id: string;
  number_year: number;
  number_seq: number;
  period: string;
  kind: InvoiceView['kind'];
  issued_at: Date;
  lines: InvoiceLine[];
  customer: InvoiceCustomer;
  net_cents: number;
  vat_percent: number;
  vat_cents: number;
  gross_cents: number;
  status: InvoiceView['status'];
};

type TransmissionRow = { file_name: string; status: string; receipts: SdiReceipt[] };

export type IssueInvoice = {
  orgaId: string;
  key: string;
  kind: InvoiceView['kind'];
  planId: string;
  period: string;
  lines: InvoiceLine[];
  now: Date;
  customer: InvoiceCustomer;
};

function profileView(row: ProfileRow): BillingProfileView {
  return {
    ...row,
    billing_data: { codice_destinatario: row.codice_destinatario, pec: row.pec, fiscal_code: row.fiscal_code },
  };
}

function customerOfRow(row: ProfileRow): InvoiceCustomer {
  return {
    kind: row.kind,
    name: row.kind === 'company' ? (row.legal_name ?? '') : `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
    first_name: row.first_name,
    last_name: row.last_name,
    vat: row.vat,
    fiscal_code: row.fiscal_code,
    pec: row.pec,
    codice_destinatario: row.codice_destinatario,
    address: row.address,
    city: row.city,
    zip_code: row.zip_code,
    country: row.country,
    province: row.province,
    language: row.language,
  };
}

const numberOf = (row: Pick<InvoiceRow, 'number_year' | 'number_seq'>) => `${row.number_year}/${row.number_seq}`;

function documentOf(row: InvoiceRow): InvoiceDocument {
  return {
    number: numberOf(row),
    issued_on: billingDate(new Date(row.issued_at)),
    period: row.period,
    lines: row.lines,
    customer: row.customer,
    net_cents: row.net_cents,
    vat_percent: row.vat_percent,
    vat_cents: row.vat_cents,
    gross_cents: row.gross_cents,
  };
}

/** The transmitter in an SdI file name (IT<id>_<progressive>.xml): the file is rebuilt as it was named. */
const transmitterOf = (fileName: string) => fileName.slice(2, fileName.indexOf('_'));

function eInvoiceStatus(file: TransmissionRow | undefined): InvoiceView['e_invoice_status'] {
  if (!file) return null;
  return {
    state: file.status as NonNullable<InvoiceView['e_invoice_status']>['state'],
    file_name: file.file_name,
    receipts: file.receipts,
  };
}

function invoiceView(row: InvoiceRow, file?: TransmissionRow): InvoiceView {
  return {
    id: row.id,
    orga_id: row.orga_id,
    number: numberOf(row),
    period: row.period,
    kind: row.kind,
    issued_at: new Date(row.issued_at).toISOString(),
    issued_on: billingDate(new Date(row.issued_at)),
    lines: row.lines,
    net_cents: row.net_cents,
    vat_percent: row.vat_percent,
    vat_cents: row.vat_cents,
    gross_cents: row.gross_cents,
    status: row.status,
    e_invoice: wantsFatturaPa(documentOf(row)),
    e_invoice_status: eInvoiceStatus(file),
  };
}

/** Billing data (R1.23, R5.06–R5.09) and invoices with their PDF and FatturaPA XML. */
@Injectable()
export class InvoiceService {
  constructor(private readonly db: DataSource) {}

  async profile(orgaId: string): Promise<BillingProfileView | null> {
    const [row] = await this.db.query<ProfileRow[]>(`SELECT * FROM billing_profile WHERE orga_id = $1`, [orgaId]);
    return row ? profileView(row) : null;
  }

  /**
   * R5.09 the builder's 2–5 refuse the data with its message; so does what an Italian e-invoice cannot be
   * written from (an emoji-only name, a CAP not of five digits). Nothing is changed.
   */
  async saveProfile(orgaId: string, input: BillingProfileInput): Promise<BillingProfileView> {
    const profile: BillingProfile =
      input.kind === 'company'
        ? {
            ...input,
            vat: input.vat ?? null,
            fiscal_code: input.fiscal_code ?? null,
            pec: input.pec ? input.pec : null,
            codice_destinatario: input.codice_destinatario ?? null,
          }
        : { ...input, fiscal_code: input.fiscal_code ?? null };
    const problems = eInvoiceFieldProblems(profile);
    if (Object.keys(problems).length > 0) throw new RpcError('validation_failed', { fields: problems });
    const checked = checkBillingProfile(profile);
    if (!checked.ok) {
      const field = { 2: 'vat', 3: 'vat', 4: 'fiscal_code', 5: 'codice_destinatario' }[checked.error];
      throw new RpcError('validation_failed', {
        fields: { [field]: BILLING_DATA_ERROR_KEYS[checked.error] },
        params: { result: checked.error },
      });
    }
    const p = checked.profile;
    const row: ProfileRow = {
      orga_id: orgaId,
      kind: p.kind,
      legal_name: p.kind === 'company' ? p.legal_name : null,
      first_name: p.kind === 'private' ? p.first_name : null,
      last_name: p.kind === 'private' ? p.last_name : null,
      vat: p.kind === 'company' ? p.vat : null,
      fiscal_code: p.fiscal_code,
      pec: p.kind === 'company' ? p.pec : null,
      codice_destinatario: p.kind === 'company' ? p.codice_destinatario : null,
      address: p.address,
      city: p.city,
      zip_code: p.zip_code,
      country: p.country,
      province: p.province ?? null,
      language: input.language ?? null,
    };
    await this.db.query(
      `INSERT INTO billing_profile (orga_id, kind, legal_name, first_name, last_name, vat, fiscal_code, pec, codice_destinatario, address, city, zip_code,
         country, province, language)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (orga_id) DO UPDATE SET kind = $2, legal_name = $3, first_name = $4, last_name = $5, vat = $6, fiscal_code = $7, pec = $8,
         codice_destinatario = $9, address = $10, city = $11, zip_code = $12, country = $13, province = $14, language = $15, updated_at = now()`,
      [
        orgaId,
        row.kind,
        row.legal_name,
        row.first_name,
        row.last_name,
        row.vat,
        row.fiscal_code,
        row.pec,
        row.codice_destinatario,
        row.address,
        row.city,
        row.zip_code,
        row.country,
        row.province,
        row.language,
      ],
    );
    return profileView(row);
  }

  async customerOf(manager: EntityManager, orgaId: string): Promise<InvoiceCustomer | null> {
    const [row] = await manager.query<ProfileRow[]>(`SELECT * FROM billing_profile WHERE orga_id = $1`, [orgaId]);
    return row ? customerOfRow(row) : null;
  }

  /**
   * Writes an invoice once per key: a second run (or one running at the same time, waiting on the
   * unique index) gets null and charges nothing. Numbers are consecutive per year of the date in Rome.
   */
  async issue(manager: EntityManager, invoice: IssueInvoice): Promise<{ id: string; number: string; gross_cents: number } | null> {
    const [existing] = await manager.query<{ id: string }[]>(`SELECT id FROM invoice WHERE idempotency_key = $1`, [invoice.key]);
    if (existing) return null;
    const totals = invoiceTotals(invoice.lines);
    // the year of the invoice's date in Italy: the run of January 1st starts at 23:00 UTC on December 31st
    const year = billingYear(invoice.now);
    const id = randomUUID();
    const inserted = await manager.query<{ id: string }[]>(
      `INSERT INTO invoice (id, orga_id, idempotency_key, number_year, number_seq, period, kind, plan_id, issued_at, lines, customer, net_cents, vat_percent,
         vat_cents, gross_cents, status)
       VALUES ($1, $2, $3, $4, 0, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'pending')
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [
        id,
        invoice.orgaId,
        invoice.key,
        year,
        invoice.period,
        invoice.kind,
        invoice.planId,
        invoice.now,
        JSON.stringify(invoice.lines),
        JSON.stringify(invoice.customer),
        totals.net_cents,
        totals.vat_percent,
        totals.vat_cents,
        totals.gross_cents,
      ],
    );
    if (inserted.length === 0) return null;
    const [numbered] = await manager.query<{ last: number }[]>(
      `INSERT INTO invoice_number (year, last) VALUES ($1, 1) ON CONFLICT (year) DO UPDATE SET last = invoice_number.last + 1 RETURNING last`,
      [year],
    );
    const seq = numbered?.last ?? 1;
    await manager.query(`UPDATE invoice SET number_seq = $2 WHERE id = $1`, [id, seq]);
    return { id, number: `${year}/${seq}`, gross_cents: totals.gross_cents };
  }

  async list(orgaId: string): Promise<InvoiceView[]> {
    const rows = await this.db.query<InvoiceRow[]>(`SELECT * FROM invoice WHERE orga_id = $1 ORDER BY issued_at DESC, number_seq DESC`, [
      orgaId,
    ]);
    const files = await this.db.query<(TransmissionRow & { invoice_id: string })[]>(
      `SELECT invoice_id, file_name, status, receipts FROM sdi_transmission WHERE orga_id = $1`,
      [orgaId],
    );
    const byInvoice = new Map(files.map((file) => [file.invoice_id, file]));
    return rows.map((row) => invoiceView(row, byInvoice.get(row.id)));
  }

  /** An invoice's e-invoice, as the file of its transmission names it. */
  async eInvoiceXml(
    manager: EntityManager | DataSource,
    invoiceId: string,
    file: { file_name: string; progressive: string },
  ): Promise<string> {
    const [row] = await manager.query<InvoiceRow[]>(`SELECT * FROM invoice WHERE id = $1`, [invoiceId]);
    if (!row) throw new RpcError('not_found');
    return fatturaPaXml(documentOf(row), { transmitterId: transmitterOf(file.file_name), progressive: file.progressive });
  }

  async document(
    orgaId: string,
    invoiceId: string,
    format: 'pdf' | 'xml',
  ): Promise<{ file_name: string; mime: string; data_base64: string }> {
    const [row] = await this.db.query<InvoiceRow[]>(`SELECT * FROM invoice WHERE id = $1 AND orga_id = $2`, [invoiceId, orgaId]);
    if (!row) throw new RpcError('not_found');
    const doc = documentOf(row);
    if (format === 'pdf') {
      const pdf = await invoicePdf(doc);
      return {
        file_name: `invoice-${row.number_year}-${row.number_seq}.pdf`,
        mime: 'application/pdf',
        data_base64: pdf.toString('base64'),
      };
    }
    // the e-invoice exists once the invoice is paid and queued for the SdI, under the name it is sent with
    const [file] = await this.db.query<{ progressive: string; file_name: string }[]>(
      `SELECT progressive, file_name FROM sdi_transmission WHERE invoice_id = $1`,
      [invoiceId],
    );
    if (!file || !wantsFatturaPa(doc)) throw new RpcError('not_found');
    const xml = await this.eInvoiceXml(this.db, invoiceId, file);
    return { file_name: file.file_name, mime: 'application/xml', data_base64: Buffer.from(xml, 'utf8').toString('base64') };
  }
}
