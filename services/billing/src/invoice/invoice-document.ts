import type { InvoiceLine, InvoiceTotals } from '@pawline/domain';
import { writePdf, type PdfTextLine } from './invoice-pdf';

// The seller on every invoice (the operator of Pawline); set by environment in production.
export const SELLER = {
  name: process.env['PAWLINE_SELLER_NAME'] ?? 'Pawline S.r.l.',
  vat: process.env['PAWLINE_SELLER_VAT'] ?? '00905811006',
  address: process.env['PAWLINE_SELLER_ADDRESS'] ?? 'Via Roma 1',
  zip_code: process.env['PAWLINE_SELLER_ZIP'] ?? '20121',
  city: process.env['PAWLINE_SELLER_CITY'] ?? 'Milano',
  province: process.env['PAWLINE_SELLER_PROVINCE'] ?? 'MI',
};

export type InvoiceCustomer = {
  kind: 'company' | 'private';
  name: string;
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
};

export type InvoiceDocument = InvoiceTotals & {
  number: string;
  issued_on: string;
  period: string;
  lines: InvoiceLine[];
  customer: InvoiceCustomer;
};

/** Cents as euros with a comma: 1234 → '12,34'. */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

export function invoicePdf(invoice: InvoiceDocument): Buffer {
  const rows: PdfTextLine[] = [
    { x: 50, y: 790, size: 18, text: `Invoice ${invoice.number}`, bold: true },
    { x: 50, y: 765, size: 10, text: `${SELLER.name} - VAT IT${SELLER.vat} - ${SELLER.address}, ${SELLER.zip_code} ${SELLER.city}` },
    { x: 50, y: 745, size: 10, text: `Date ${invoice.issued_on}   Period ${invoice.period}` },
    { x: 50, y: 715, size: 11, text: 'Bill to', bold: true },
    { x: 50, y: 700, size: 10, text: invoice.customer.name },
    {
      x: 50,
      y: 686,
      size: 10,
      text: `${invoice.customer.address}, ${invoice.customer.zip_code} ${invoice.customer.city} (${invoice.customer.country})`,
    },
  ];
  let y = 672;
  if (invoice.customer.vat) rows.push({ x: 50, y, size: 10, text: `VAT ${invoice.customer.vat}` });
  if (invoice.customer.fiscal_code) rows.push({ x: 50, y: (y -= 14), size: 10, text: `Fiscal code ${invoice.customer.fiscal_code}` });
  y -= 30;
  rows.push(
    { x: 50, y, size: 10, text: 'Description', bold: true },
    { x: 360, y, size: 10, text: 'Qty', bold: true },
    { x: 410, y, size: 10, text: 'Unit EUR', bold: true },
    { x: 490, y, size: 10, text: 'Net EUR', bold: true },
  );
  for (const line of invoice.lines) {
    y -= 16;
    rows.push(
      { x: 50, y, size: 10, text: line.description },
      { x: 360, y, size: 10, text: String(line.quantity) },
      { x: 410, y, size: 10, text: euros(line.unit_cents) },
      { x: 490, y, size: 10, text: euros(line.net_cents) },
    );
  }
  y -= 30;
  rows.push(
    { x: 360, y, size: 10, text: 'Net' },
    { x: 490, y, size: 10, text: euros(invoice.net_cents) },
    { x: 360, y: y - 16, size: 10, text: `VAT ${invoice.vat_percent}%` },
    { x: 490, y: y - 16, size: 10, text: euros(invoice.vat_cents) },
    { x: 360, y: y - 32, size: 11, text: 'Total EUR', bold: true },
    { x: 490, y: y - 32, size: 11, text: euros(invoice.gross_cents), bold: true },
  );
  return writePdf(rows, `Invoice ${invoice.number}`);
}
