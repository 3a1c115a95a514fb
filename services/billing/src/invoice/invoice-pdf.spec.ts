import { PLANS, firstInvoiceLines, invoiceTotals, monthlyInvoiceLines } from '@pawline/domain';
import { pdfText, pdfTexts } from '../../../../tools/pdf-text/pdf-text';
import { euros, invoiceLanguage, type InvoiceCustomer, type InvoiceDocument } from './invoice-document';
import { invoicePdf } from './invoice-pdf';

const ZAMPE = 'Toelettatura L’Incanto di Zampè – S.r.l.';

// each test starts pdf.js in its own Node process (about a second), and writes PDFs with font subsetting
jest.setTimeout(30_000);

const company: InvoiceCustomer = {
  kind: 'company',
  name: ZAMPE,
  first_name: null,
  last_name: null,
  vat: '00159560366',
  fiscal_code: null,
  pec: null,
  codice_destinatario: 'M5UXCR1',
  address: 'Via Verdi 3',
  city: 'Modena',
  zip_code: '41121',
  country: 'IT',
  province: 'MO',
};

function invoice(customer: InvoiceCustomer = company, lines = firstInvoiceLines(PLANS.premium, 2, '2026-11-16')): InvoiceDocument {
  return { number: '2026/7', issued_on: '2026-11-16', period: '2026-11', lines, customer, ...invoiceTotals(lines) };
}

/** one line of the page's text, spaces as pdf.js reads them */
const text = async (document: InvoiceDocument) => (await pdfText(await invoicePdf(document))).pages.join('\n');

describe('the invoice PDF (pdfkit, DejaVu Sans embedded), read back with pdf.js', () => {
  it('has the company name whole with its ’ and –, the amounts with €, and is the courtesy copy of the e-invoice', async () => {
    const bytes = await invoicePdf(invoice());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // the font is embedded (a TrueType subset), not one of the 14 standard fonts
    expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(bytes.toString('latin1')).toContain('/FontFile2');
    const read = await pdfText(bytes);
    const page = read.pages.join('\n');
    expect(page).toContain(ZAMPE);
    expect(page).toContain('€ 35,99');
    expect(page).toContain('€ 24,50');
    expect(page).toContain('COPIA DI CORTESIA');
    expect(page).toContain('Documento privo di valenza fiscale');
    // a line's description wraps in its column
    expect(page.replace(/\s+/g, ' ')).toContain('Abbonamento Pawline Premium, dal 16/11/2026 al 30/11/2026 (15/30 giorni)');
    expect(read.title).toBe('Fattura 2026/7');
  });

  it("is in the organization's language: it, en, de, fr", async () => {
    const expected = {
      it: ['Fattura 2026/7', 'Imponibile', 'Totale'],
      en: ['Invoice 2026/7', 'Net', 'Total'],
      de: ['Rechnung 2026/7', 'Netto', 'Gesamt'],
      fr: ['Facture 2026/7', 'Total HT', 'Total TTC'],
    } as const;
    const languages = Object.keys(expected) as (keyof typeof expected)[];
    // one pdf.js process reads the four
    const read = await pdfTexts(await Promise.all(languages.map((language) => invoicePdf(invoice({ ...company, language })))));
    languages.forEach((language, index) => {
      for (const word of expected[language]) expect(read[index]?.pages.join('\n')).toContain(word);
    });
    // without a choice, the billing country's: a German salon gets German, a Spanish one English
    expect(invoiceLanguage({ country: 'DE', language: null })).toBe('de');
    expect(invoiceLanguage({ country: 'ES' })).toBe('en');
  });

  it('wraps a long legal name within the page instead of cutting it off, and keeps every word of it', async () => {
    const long = `${ZAMPE} ${'Società Cooperativa Sociale di Toelettatura e Benessere per Cani e Gatti '.repeat(2)}`.trim();
    const page = await text(invoice({ ...company, name: long }));
    const words = page.replace(/\s+/g, ' ');
    expect(words).toContain(long.replace(/\s+/g, ' '));
    // it took more than one line
    expect(page.split('\n').filter((line) => line.includes('Cooperativa')).length).toBeGreaterThan(1);
  });

  it("a private person's fiscal code follows the address directly; a customer abroad gets the invoice itself, not a courtesy copy", async () => {
    const person: InvoiceCustomer = {
      ...company,
      kind: 'private',
      name: 'Jürgen Weiß',
      first_name: 'Jürgen',
      last_name: 'Weiß',
      vat: null,
      fiscal_code: 'RSSMRA85T10A562S',
      codice_destinatario: null,
    };
    const [own, foreign] = await pdfTexts([
      await invoicePdf(invoice(person)),
      await invoicePdf(invoice({ ...company, country: 'DE', language: 'de', province: null })),
    ]);
    const lines = (own?.pages.join('\n') ?? '').split('\n').map((line) => line.trim());
    const at = lines.indexOf('41121 Modena (MO) · IT');
    expect(lines[at + 1]).toBe('Codice fiscale RSSMRA85T10A562S');
    const abroad = foreign?.pages.join('\n') ?? '';
    expect(abroad).not.toContain('Kopie zur Information');
    expect(abroad).toContain('Rechnung 2026/7');
  });

  it('runs onto a second page when the lines do not fit on one', async () => {
    const many = Array.from({ length: 30 }, () => monthlyInvoiceLines(PLANS.standard, 3, '2026-12', null)).flat();
    const read = await pdfText(await invoicePdf(invoice(company, many)));
    expect(read.pages.length).toBeGreaterThan(1);
    expect(read.pages.at(-1)).toContain(`€ ${euros(invoiceTotals(many).gross_cents)}`);
  });
});
