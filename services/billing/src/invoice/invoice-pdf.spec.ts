import { PLANS, firstInvoiceLines, invoiceTotals } from '@pawline/domain';
import { amount } from './fattura-pa';
import { euros, type InvoiceCustomer, type InvoiceDocument } from './invoice-document';
import { invoicePdf, writePdf } from './invoice-pdf';

const company: InvoiceCustomer = {
  kind: 'company',
  name: 'Toelettatura "Fido" & Co. S.r.l.',
  first_name: null,
  last_name: null,
  vat: '00159560366',
  fiscal_code: null,
  pec: 'fido@pec.it',
  codice_destinatario: 'M5UXCR1',
  address: 'Via Verdi 3',
  city: 'Modena',
  zip_code: '41121',
  country: 'IT',
};

function invoice(customer: InvoiceCustomer = company): InvoiceDocument {
  const lines = firstInvoiceLines(PLANS.premium, 2, '2026-11-16');
  return { number: '2026/7', issued_on: '2026-11-16', period: '2026-11', lines, customer, ...invoiceTotals(lines) };
}

/** Reads a PDF's structure: the objects the xref table points at, the trailer and the page's text. */
function parsePdf(bytes: Buffer) {
  const text = bytes.toString('latin1');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  const xref = text.slice(startxref);
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(xref) ?? [];
  const entries = xref
    .split('\n')
    .slice(2, 2 + Number(count))
    .map((row) => ({ offset: Number(row.slice(0, 10)), used: row.slice(17, 18) === 'n' }));
  const objects = entries.slice(1).map((entry, index) => {
    const head = text.slice(entry.offset, entry.offset + 20);
    return { number: index + 1, head, ok: head.startsWith(`${index + 1} 0 obj`) };
  });
  const stream = /stream\n([\s\S]*?)\nendstream/.exec(text)?.[1] ?? '';
  const declared = Number(/\/Length (\d+)/.exec(text)?.[1]);
  const shown = [...stream.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((match) =>
    (match[1] ?? '').replace(/\\([0-7]{3}|.)/g, (_, escaped: string) =>
      escaped.length === 3 ? String.fromCharCode(parseInt(escaped, 8)) : escaped,
    ),
  );
  return {
    header: text.slice(0, 8),
    first: Number(first),
    entries,
    objects,
    trailer: /trailer\n(<<.*>>)/.exec(text)?.[1] ?? '',
    stream,
    declared,
    shown,
  };
}

describe('invoice PDF', () => {
  it('writes a PDF whose xref table points at each object, with the stream length it declares', () => {
    const pdf = parsePdf(writePdf([{ x: 50, y: 800, size: 12, text: 'Hello (world) \\ €5' }], 'T'));
    expect(pdf.header).toBe('%PDF-1.4');
    expect(pdf.first).toBe(0);
    expect(pdf.entries[0]).toEqual({ offset: 0, used: false });
    expect(pdf.objects.every((object) => object.ok)).toBe(true);
    expect(pdf.trailer).toContain('/Root 1 0 R');
    expect(pdf.declared).toBe(Buffer.byteLength(pdf.stream, 'latin1'));
    // € is 0x80 in WinAnsiEncoding
    expect(pdf.shown).toEqual(['Hello (world) \\ \x805']);
  });

  it('shows the invoice: number, customer, each line, net, 22% VAT and total in euros, in Helvetica', () => {
    const bytes = invoicePdf(invoice());
    const pdf = parsePdf(bytes);
    expect(bytes.toString('latin1')).toContain('/BaseFont /Helvetica ');
    expect(pdf.shown).toEqual(
      expect.arrayContaining([
        'Invoice 2026/7',
        company.name,
        'VAT 00159560366',
        'Premium 2026-11-16 (15/30 days)',
        'Extra store 2026-11-16 (15/30 days)',
        '24,50',
        '5,00',
        'VAT 22%',
        '6,49',
        '35,99',
      ]),
    );
  });

  it('formats cents as euros with a comma', () => {
    expect(euros(3599)).toBe('35,99');
    expect(euros(5)).toBe('0,05');
    expect(amount(3599)).toBe('35.99');
  });
});
