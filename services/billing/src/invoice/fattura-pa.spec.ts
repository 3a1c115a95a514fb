import { PLANS, firstInvoiceLines, invoiceTotals, monthlyInvoiceLines, planChangeLine, reminderBill } from '@pawline/domain';
import { expectValidFatturaPa } from '../../test/fattura-pa-check';
import { FATTURA_PA_NAMESPACE, fatturaPaXml, sdiFileName, sdiProgressive, transmitterId, wantsFatturaPa } from './fattura-pa';
import { SELLER, type InvoiceCustomer, type InvoiceDocument, type Seller } from './invoice-document';
import { all, readXml, textAt } from './xml-reader';

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
  province: 'MO',
};

const person: InvoiceCustomer = {
  kind: 'private',
  name: 'Mario Rossi',
  first_name: 'Mario',
  last_name: 'Rossi',
  vat: null,
  fiscal_code: 'RSSMRA85T10A562S',
  pec: null,
  codice_destinatario: null,
  address: 'Via Po 1',
  city: 'Torino',
  zip_code: '10121',
  country: 'IT',
  province: 'TO',
};

function invoice(customer: InvoiceCustomer, lines = firstInvoiceLines(PLANS.premium, 2, '2026-11-16')): InvoiceDocument {
  return { number: '2026/7', issued_on: '2026-11-16', period: '2026-11', lines, customer, ...invoiceTotals(lines) };
}

let progressive = 0;
/** The file as it is sent: a new progressive each time, the transmitter of the environment. */
function file(document: InvoiceDocument, seller: Seller = SELLER) {
  const transmission = { transmitterId: transmitterId(seller), progressive: sdiProgressive((progressive += 37)) };
  return { fileName: sdiFileName(transmission), xml: fatturaPaXml(document, transmission, 'card', seller) };
}

// each schema validation starts libxml2 (xmllint-wasm) afresh: a few hundred milliseconds
jest.setTimeout(30_000);

const header = (xml: string) => readXml(xml);

describe('FatturaPA 1.2.2 (FPR12), valid by the official schema and the SdI rules', () => {
  it('a company with a recipient code: delivered to its code, no PEC written (00426)', async () => {
    const { fileName, xml } = file(invoice(company));
    await expectValidFatturaPa(fileName, xml);
    const root = header(xml);
    expect(textAt(root, 'FatturaElettronicaHeader/DatiTrasmissione/CodiceDestinatario')).toBe('M5UXCR1');
    expect(textAt(root, 'FatturaElettronicaHeader/DatiTrasmissione/PECDestinatario')).toBeNull();
    expect(textAt(root, 'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici/Anagrafica/Denominazione')).toBe(
      'Toelettatura "Fido" & Co. S.r.l.',
    );
    expect(xml).toContain(`<p:FatturaElettronica versione="FPR12" xmlns:p="${FATTURA_PA_NAMESPACE}"`);
  });

  it('a company with a PEC only: the code 0000000 and its PEC', async () => {
    const { fileName, xml } = file(invoice({ ...company, codice_destinatario: null }));
    await expectValidFatturaPa(fileName, xml);
    const transmission = all(header(xml), 'FatturaElettronicaHeader/DatiTrasmissione')[0];
    expect(transmission && textAt(transmission, 'CodiceDestinatario')).toBe('0000000');
    expect(transmission && textAt(transmission, 'PECDestinatario')).toBe('fido@pec.it');
  });

  it('a private person (B2C): the code 0000000, their fiscal code, first and last name, no VAT id', async () => {
    const document = invoice(person);
    expect(wantsFatturaPa(document)).toBe(true);
    const { fileName, xml } = file(document);
    await expectValidFatturaPa(fileName, xml);
    const buyer = all(header(xml), 'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici')[0];
    expect(buyer && textAt(buyer, 'CodiceFiscale')).toBe('RSSMRA85T10A562S');
    expect(buyer && all(buyer, 'IdFiscaleIVA')).toEqual([]);
    expect(buyer && [textAt(buyer, 'Anagrafica/Nome'), textAt(buyer, 'Anagrafica/Cognome')]).toEqual(['Mario', 'Rossi']);
    expect(textAt(header(xml), 'FatturaElettronicaHeader/DatiTrasmissione/CodiceDestinatario')).toBe('0000000');
  });

  it('a company with an 11-digit fiscal code and no VAT number (an association)', async () => {
    const association = {
      ...company,
      name: 'Circolo Cinofilo Modenese',
      vat: null,
      fiscal_code: '00488410010',
      codice_destinatario: null,
      pec: null,
    };
    const { fileName, xml } = file(invoice(association));
    await expectValidFatturaPa(fileName, xml);
    expect(textAt(header(xml), 'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici/CodiceFiscale')).toBe('00488410010');
  });

  it('names with ’ – € ß ü and a legal name of 200 characters: Latin-1, cut to the schema lengths', async () => {
    const legalName = `Toelettatura L’Incanto di Zampè – Weißbräu Müller € ${'Società Cooperativa '.repeat(10)}`.slice(0, 200);
    expect(legalName).toHaveLength(200);
    const customer = {
      ...company,
      name: legalName,
      address: `Straße der Hündchen ’n’ Kätzchen – ${'lunga '.repeat(20)}`,
      city: 'Bozen – Bolzano',
    };
    const { fileName, xml } = file(invoice(customer));
    await expectValidFatturaPa(fileName, xml);
    const buyer = all(header(xml), 'FatturaElettronicaHeader/CessionarioCommittente')[0];
    const name = (buyer && textAt(buyer, 'DatiAnagrafici/Anagrafica/Denominazione')) ?? '';
    expect(name.length).toBeLessThanOrEqual(80);
    expect(name.startsWith("Toelettatura L'Incanto di Zampè - Weißbräu Müller EUR Società")).toBe(true);
    expect(((buyer && textAt(buyer, 'Sede/Indirizzo')) ?? '').length).toBeLessThanOrEqual(60);
    expect(buyer && textAt(buyer, 'Sede/Comune')).toBe('Bozen - Bolzano');
  });

  it('empty optional fields: no province, PEC, fiscal code or recipient code; a seller without fiscal code, capital or sole shareholder', async () => {
    const bare = { ...company, province: null, pec: null, codice_destinatario: null, fiscal_code: null };
    const seller: Seller = { ...SELLER, fiscal_code: null, rea: { ...SELLER.rea, capital_cents: null, sole_shareholder: null } };
    const { fileName, xml } = file(invoice(bare), seller);
    await expectValidFatturaPa(fileName, xml);
    expect(xml).not.toContain('<Provincia>MO</Provincia>');
    expect(xml).not.toContain('PECDestinatario');
    expect(xml).not.toContain('CapitaleSociale');
  });

  it("writes the buyer's province, the seller's REA registration and the payment: paid in full by card, or by SEPA debit", async () => {
    const document = invoice(company);
    const transmission = { transmitterId: transmitterId(), progressive: 'AB12' };
    const xml = fatturaPaXml(document, transmission, 'sepa_debit');
    await expectValidFatturaPa(sdiFileName(transmission), xml);
    const root = header(xml);
    expect(textAt(root, 'FatturaElettronicaHeader/CessionarioCommittente/Sede/Provincia')).toBe('MO');
    const rea = all(root, 'FatturaElettronicaHeader/CedentePrestatore/IscrizioneREA')[0];
    expect(rea && [textAt(rea, 'Ufficio'), textAt(rea, 'NumeroREA'), textAt(rea, 'StatoLiquidazione')]).toEqual([
      SELLER.rea.office,
      SELLER.rea.number,
      'LN',
    ]);
    const payment = all(root, 'FatturaElettronicaBody/DatiPagamento')[0];
    expect(payment && [textAt(payment, 'CondizioniPagamento'), textAt(payment, 'DettaglioPagamento/ModalitaPagamento')]).toEqual([
      'TP02',
      'MP19',
    ]);
    expect(payment && textAt(payment, 'DettaglioPagamento/ImportoPagamento')).toBe('35.99');
    expect(
      textAt(header(fatturaPaXml(document, transmission)), 'FatturaElettronicaBody/DatiPagamento/DettaglioPagamento/ModalitaPagamento'),
    ).toBe('MP08');
  });

  it('every kind of line: a month with extra stores and reminders, a plan change, with their periods and Italian descriptions', async () => {
    const reminders = reminderBill({ sent: 560, sentInWelcomeWindow: 0, included: 500, premium: true });
    const lines = [
      ...monthlyInvoiceLines(PLANS.standard, 3, '2026-12', reminders),
      planChangeLine(PLANS.basic, PLANS.premium, 1516, '2026-12-16'),
    ];
    const { fileName, xml } = file({ ...invoice(company, lines), period: '2026-12', issued_on: '2026-12-16' });
    await expectValidFatturaPa(fileName, xml);
    const details = all(header(xml), 'FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee');
    expect(details.map((line) => textAt(line, 'Descrizione'))).toEqual([
      'Abbonamento Pawline Standard, dicembre 2026',
      'Negozio aggiuntivo, dicembre 2026',
      'Promemoria WhatsApp oltre il piano, novembre 2026',
      'Passaggio da Basic a Premium, differenza, dal 16/12/2026 al 31/12/2026 (16/31 giorni)',
    ]);
    expect(details.map((line) => [textAt(line, 'DataInizioPeriodo'), textAt(line, 'DataFinePeriodo')])).toEqual([
      ['2026-12-01', '2026-12-31'],
      ['2026-12-01', '2026-12-31'],
      ['2026-11-01', '2026-11-30'],
      ['2026-12-16', '2026-12-31'],
    ]);
  });

  it('is written for Italian customers with a VAT number or a fiscal code; a customer abroad gets the PDF only', () => {
    expect(wantsFatturaPa(invoice(company))).toBe(true);
    expect(wantsFatturaPa(invoice(person))).toBe(true);
    expect(wantsFatturaPa(invoice({ ...company, country: 'DE' }))).toBe(false);
  });
});

describe('the SdI file name', () => {
  it('is IT, the transmitter id, _ and a progressive of 1 to 5 characters A–Z 0–9', () => {
    expect(sdiFileName({ transmitterId: '00905811006', progressive: '1' })).toBe('IT00905811006_1.xml');
    expect(sdiProgressive(1)).toBe('1');
    expect(sdiProgressive(36)).toBe('10');
    expect(sdiProgressive(36 ** 5 - 1)).toBe('ZZZZZ');
    expect(() => sdiProgressive(36 ** 5)).toThrow();
    expect(() => sdiFileName({ transmitterId: '00905811006', progressive: 'abc' })).toThrow();
  });
});
