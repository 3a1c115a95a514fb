import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { wantsFatturaPa } from './fattura-pa';
import { SELLER, euros, invoiceLanguage, type InvoiceDocument, type Seller } from './invoice-document';
import { INVOICE_LABELS, formatDate, lineDescription } from './invoice-texts';

// The invoice as a PDF, through pdfkit with the DejaVu Sans font embedded (the npm package dejavu-fonts-ttf):
// every character a name may hold (’ – € ß ü, Greek, Cyrillic) is drawn and can be copied back as text.
// For an Italian customer it is the courtesy copy of the e-invoice, which is the tax document.

const FONTS = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = join(FONTS, 'DejaVuSans.ttf');
const BOLD = join(FONTS, 'DejaVuSans-Bold.ttf');

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
// the table's columns: description (wraps), quantity, unit price, amount
const COLUMNS = { description: 255, quantity: 45, unit: 95, amount: 100 };

type Doc = InstanceType<typeof PDFDocument>;

/** '€ 1.234,56' style in the invoice's language: the euro sign, the comma, no float. */
function money(cents: number): string {
  return `€ ${euros(cents)}`;
}

/** Writes text at the cursor within a width, on a new page when the page is full; the cursor moves below it. */
function paragraph(doc: Doc, text: string, options: { width?: number; bold?: boolean; size?: number; x?: number } = {}): void {
  const width = options.width ?? CONTENT;
  doc.font(options.bold ? 'bold' : 'regular').fontSize(options.size ?? 10);
  if (doc.y + doc.heightOfString(text, { width }) > PAGE.height - PAGE.margin) doc.addPage();
  doc.text(text, options.x ?? PAGE.margin, doc.y, { width });
}

function sellerLines(seller: Seller, labels: (typeof INVOICE_LABELS)['en']): string[] {
  const capital = seller.rea.capital_cents === null ? '' : ` · ${labels.shareCapital} ${money(seller.rea.capital_cents)}`;
  return [
    `${seller.address}, ${seller.zip_code} ${seller.city} (${seller.province})`,
    `${labels.vat} IT${seller.vat}${seller.fiscal_code ? ` · ${labels.fiscalCode} ${seller.fiscal_code}` : ''}`,
    `${labels.rea} ${seller.rea.office}-${seller.rea.number}${capital}`,
  ];
}

function customerLines(invoice: InvoiceDocument, labels: (typeof INVOICE_LABELS)['en']): string[] {
  const c = invoice.customer;
  const place = `${c.zip_code} ${c.city}${c.province ? ` (${c.province})` : ''} · ${c.country}`;
  return [
    c.address,
    place,
    ...(c.vat ? [`${labels.vat} ${c.country === 'IT' ? 'IT' : ''}${c.vat}`] : []),
    ...(c.fiscal_code ? [`${labels.fiscalCode} ${c.fiscal_code}`] : []),
    ...(c.codice_destinatario ? [`${labels.recipientCode} ${c.codice_destinatario}`] : []),
    ...(c.pec ? [`PEC ${c.pec}`] : []),
  ];
}

function row(doc: Doc, cells: [string, string, string, string], bold = false): void {
  doc.font(bold ? 'bold' : 'regular').fontSize(9.5);
  const height = Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: Object.values(COLUMNS)[index] ?? 0 })));
  if (doc.y + height > PAGE.height - PAGE.margin) doc.addPage();
  const top = doc.y;
  let x = PAGE.margin;
  cells.forEach((cell, index) => {
    const width = Object.values(COLUMNS)[index] ?? 0;
    doc.text(cell, x, top, { width, align: index === 0 ? 'left' : 'right' });
    x += width;
  });
  doc.y = top + height + 4;
}

function draw(doc: Doc, invoice: InvoiceDocument, seller: Seller): void {
  const language = invoiceLanguage(invoice.customer);
  const labels = INVOICE_LABELS[language];
  const courtesy = wantsFatturaPa(invoice);
  paragraph(doc, `${labels.invoice} ${invoice.number}`, { bold: true, size: 18 });
  if (courtesy) paragraph(doc, labels.courtesyCopy.toUpperCase(), { bold: true, size: 11 });
  doc.moveDown(0.5);
  paragraph(doc, seller.name, { bold: true });
  for (const text of sellerLines(seller, labels)) paragraph(doc, text, { size: 9 });
  doc.moveDown(0.8);
  paragraph(doc, `${labels.date} ${formatDate(invoice.issued_on, language)}    ${labels.period} ${invoice.period}`);
  doc.moveDown(0.8);
  paragraph(doc, labels.billTo, { bold: true, size: 11 });
  // a long legal name wraps within the column instead of running off the page
  paragraph(doc, invoice.customer.name, { width: 330 });
  for (const text of customerLines(invoice, labels)) paragraph(doc, text, { width: 330 });
  doc.moveDown(1);
  row(doc, [labels.description, labels.quantity, labels.unitPrice, labels.amount], true);
  for (const line of invoice.lines) {
    row(doc, [lineDescription(line, language), String(line.quantity), money(line.unit_cents), money(line.net_cents)]);
  }
  doc.moveDown(0.5);
  const totals: [string, string, boolean][] = [
    [labels.net, money(invoice.net_cents), false],
    [`${labels.vatRate} ${invoice.vat_percent}%`, money(invoice.vat_cents), false],
    [labels.total, money(invoice.gross_cents), true],
  ];
  for (const [label, value, bold] of totals) row(doc, ['', '', label, value], bold);
  if (courtesy) {
    doc.moveDown(1.5);
    paragraph(doc, labels.courtesyCopyNote, { size: 8.5 });
  }
}

/** The invoice's PDF in the organization's language (it, en, de, fr), A4, DejaVu Sans embedded. */
export function invoicePdf(invoice: InvoiceDocument, seller: Seller = SELLER): Promise<Buffer> {
  const labels = INVOICE_LABELS[invoiceLanguage(invoice.customer)];
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: invoiceLanguage(invoice.customer),
    info: { Title: `${labels.invoice} ${invoice.number}`, Author: seller.name, Producer: 'Pawline' },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, invoice, seller);
  doc.end();
  return done;
}
