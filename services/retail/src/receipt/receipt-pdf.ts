import { dirname, join } from 'node:path';
import type { RetailSale } from '@pawline/contracts';
import PDFDocument from 'pdfkit';
import { RECEIPT_LABELS, RECEIPT_LOCALE, receiptMoney, receiptRate, type ReceiptLanguage } from './receipt-texts';

// The courtesy receipt as a PDF, drawn like billing's invoices: pdfkit with DejaVu Sans embedded (the npm
// package dejavu-fonts-ttf), so a salon named "L’Incanto di Zampè" prints whole and copies back as text.

const FONTS = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = join(FONTS, 'DejaVuSans.ttf');
const BOLD = join(FONTS, 'DejaVuSans-Bold.ttf');

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
// description (wraps), quantity, discount, VAT rate, amount
const COLUMNS = [215, 50, 80, 60, 90];

type Doc = InstanceType<typeof PDFDocument>;

export type ReceiptSalon = { name: string; store: string; address: string; timeZone: string };

function row(doc: Doc, cells: string[], bold = false, widths = COLUMNS): void {
  doc.font(bold ? 'bold' : 'regular').fontSize(9.5);
  const height = Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: widths[index] ?? 0 })));
  if (doc.y + height > PAGE.height - PAGE.margin) doc.addPage();
  const top = doc.y;
  let x = PAGE.margin;
  cells.forEach((cell, index) => {
    const width = widths[index] ?? 0;
    doc.text(cell, x, top, { width, align: index === 0 ? 'left' : 'right' });
    x += width;
  });
  doc.y = top + height + 4;
}

function line(doc: Doc, text: string, options: { bold?: boolean; size?: number } = {}): void {
  doc.font(options.bold ? 'bold' : 'regular').fontSize(options.size ?? 10);
  doc.text(text, PAGE.margin, doc.y, { width: PAGE.width - 2 * PAGE.margin });
}

function draw(doc: Doc, sale: RetailSale, salon: ReceiptSalon, language: ReceiptLanguage): void {
  const labels = RECEIPT_LABELS[language];
  const money = (cents: number) => receiptMoney(cents, language);
  line(doc, salon.name, { bold: true, size: 16 });
  if (salon.store && salon.store !== salon.name) line(doc, salon.store, { size: 10 });
  if (salon.address) line(doc, salon.address, { size: 9 });
  doc.moveDown(0.8);
  line(doc, labels.title, { bold: true, size: 13 });
  const when = new Intl.DateTimeFormat(RECEIPT_LOCALE[language], {
    timeZone: salon.timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(sale.created_at));
  line(doc, `${labels.sale} ${sale.id.slice(0, 8).toUpperCase()} · ${when}`, { size: 9 });
  if (sale.fiscal_document) line(doc, `${labels.fiscalDocument} ${sale.fiscal_document}`, { size: 9 });
  doc.moveDown(0.8);
  row(doc, [labels.item, labels.quantity, labels.discount, labels.vatRate, labels.amount], true);
  for (const item of sale.lines) {
    const name = `${item.name}\n${item.quantity} × ${money(item.unit_price_cents)}`;
    row(doc, [
      name,
      String(item.quantity),
      item.discount_cents > 0 ? `−${money(item.discount_cents)}` : '',
      receiptRate(item.vat_rate_bp, language),
      money(item.total_cents),
    ]);
  }
  doc.moveDown(0.4);
  row(doc, ['', '', '', labels.total, money(sale.total_cents)], true);
  doc.moveDown(0.6);
  line(doc, labels.vatSummary, { bold: true, size: 10 });
  const vatWidths = [90, 110, 110, 120];
  row(doc, [labels.vatRate, labels.net, labels.vat, labels.total], true, vatWidths);
  for (const rate of sale.by_rate) {
    row(
      doc,
      [receiptRate(rate.vat_rate_bp, language), money(rate.net_cents), money(rate.vat_cents), money(rate.total_cents)],
      false,
      vatWidths,
    );
  }
  doc.moveDown(0.6);
  const tips = sale.paid_cents - sale.total_cents;
  if (tips > 0) row(doc, ['', '', '', labels.tip, money(tips)]);
  row(doc, ['', '', '', labels.paid, money(sale.paid_cents)], true);
  row(doc, ['', '', '', '', labels.payment[sale.payment_method]]);
  if (sale.refunded_cents > 0) row(doc, ['', '', '', labels.refunded, `−${money(sale.refunded_cents)}`]);
  doc.moveDown(1.2);
  line(doc, labels.notFiscal, { size: 8.5 });
}

/** The sale's courtesy receipt, A4, in the given language, DejaVu Sans embedded. */
export function receiptPdf(sale: RetailSale, salon: ReceiptSalon, language: ReceiptLanguage): Promise<Buffer> {
  const labels = RECEIPT_LABELS[language];
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: language,
    info: { Title: `${labels.title} · ${salon.name}`, Author: salon.name, Producer: 'Pawline' },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, sale, salon, language);
  doc.end();
  return done;
}
