import { SELLER, euros, type InvoiceDocument } from './invoice-document';

// A small PDF 1.4 writer: one A4 page of text in the standard Helvetica font (no embedded font, no
// dependency). Text is WinAnsi: characters outside Latin-1 are replaced by '?'.

export type PdfTextLine = { x: number; y: number; size: number; text: string; bold?: boolean };

function pdfString(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 63;
    const byte = char === '€' ? 0x80 : code < 256 ? code : 63;
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 32 || byte > 126) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `(${out})`;
}

/** The bytes of a one-page PDF showing the lines. */
export function writePdf(lines: readonly PdfTextLine[], title: string): Buffer {
  const content = lines
    .map((line) => `BT /${line.bold ? 'F2' : 'F1'} ${line.size} Tf ${line.x} ${line.y} Td ${pdfString(line.text)} Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(title)} /Producer (Pawline) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
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
