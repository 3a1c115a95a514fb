import { PLANS, firstInvoiceLines, invoiceTotals } from '@pawline/domain';
import { fatturaPaVerdict } from '../../test/fattura-pa-check';
import { fatturaPaXml, sdiFileName } from '../invoice/fattura-pa';
import type { InvoiceCustomer, InvoiceDocument } from '../invoice/invoice-document';
import { sdiRuleErrors } from './sdi-rules';
import { readXml, textAt } from '../invoice/xml-reader';

const customer: InvoiceCustomer = {
  kind: 'company',
  name: 'Toelettatura Fido S.r.l.',
  first_name: null,
  last_name: null,
  vat: '00159560366',
  fiscal_code: '00159560366',
  pec: null,
  codice_destinatario: 'M5UXCR1',
  address: 'Via Verdi 3',
  city: 'Modena',
  zip_code: '41121',
  country: 'IT',
  province: 'MO',
};
const lines = firstInvoiceLines(PLANS.premium, 2, '2026-11-16');
const document: InvoiceDocument = {
  number: '2026/7',
  issued_on: '2026-11-16',
  period: '2026-11',
  lines,
  customer,
  ...invoiceTotals(lines),
};
const transmission = { transmitterId: '00905811006', progressive: '7' };
const fileName = sdiFileName(transmission);
const xml = fatturaPaXml(document, transmission);

// each schema validation starts libxml2 (xmllint-wasm) afresh: a few hundred milliseconds
jest.setTimeout(30_000);

const codes = (name: string, text: string) => sdiRuleErrors(name, text).map((error) => error.code);

describe('the checks catch what the SdI or the schema would refuse (a check that cannot fail proves nothing)', () => {
  it('the file we write passes', async () => {
    expect(await fatturaPaVerdict(fileName, xml)).toEqual({ schema: [], sdi: [], ours: [] });
  });

  it('the schema refuses a CAP of four digits, an empty name, a typographic apostrophe and a missing element', async () => {
    for (const broken of [
      xml.replace('<CAP>41121</CAP>', '<CAP>4112</CAP>'),
      xml.replace('<Denominazione>Toelettatura Fido S.r.l.</Denominazione>', '<Denominazione></Denominazione>'),
      xml.replace('Toelettatura Fido', 'Toelettatura L’Incanto'),
      xml.replace(/<RegimeFiscale>RF01<\/RegimeFiscale>/, ''),
    ]) {
      expect((await fatturaPaVerdict(fileName, broken)).schema).not.toEqual([]);
    }
  });

  it('00001 a file name not IT<transmitter>_<1–5 of A–Z 0–9>.xml, or not of the transmitter in the file', () => {
    expect(codes('IT00905811006_7.xml', xml)).toEqual([]);
    expect(codes('IT00905811006_invoice-2026-7.xml', xml)).toEqual(['00001']);
    expect(codes('IT00905811006_123456.xml', xml)).toEqual(['00001']);
    expect(codes('ITnull_7.xml', xml)).toEqual(['00001']);
    expect(codes('IT00159560366_7.xml', xml)).toEqual(['00001']);
  });

  it('00426 a PEC beside a recipient code, 00427 a recipient code of 6 characters in an FPR12', () => {
    expect(
      codes(fileName, xml.replace('</CodiceDestinatario>', '</CodiceDestinatario><PECDestinatario>a@pec.it</PECDestinatario>')),
    ).toEqual(['00426']);
    expect(codes(fileName, xml.replace('<CodiceDestinatario>M5UXCR1', '<CodiceDestinatario>M5UXCR'))).toEqual(['00427']);
  });

  it('00417 a buyer with neither VAT id nor fiscal code; 00305 and 00306 ones that fail their checksum', () => {
    const buyer = /<CessionarioCommittente><DatiAnagrafici>.*?<Anagrafica>/.exec(xml)?.[0] ?? '';
    expect(codes(fileName, xml.replace(buyer, '<CessionarioCommittente><DatiAnagrafici><Anagrafica>'))).toEqual(['00417']);
    expect(codes(fileName, xml.replace(buyer, buyer.replace(/00159560366/g, '00159560367')))).toEqual(['00305', '00306']);
  });

  it('00423 a line total not its price × quantity; 00422 a taxable amount not its lines (over one euro); 00421 a tax not its rate', () => {
    const total = textAt(readXml(xml), 'FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee/PrezzoTotale') ?? '';
    expect(codes(fileName, xml.replace(`<PrezzoTotale>${total}</PrezzoTotale>`, '<PrezzoTotale>24.52</PrezzoTotale>'))).toEqual(['00423']);
    expect(
      codes(fileName, xml.replace('<ImponibileImporto>29.50</ImponibileImporto>', '<ImponibileImporto>30.60</ImponibileImporto>')),
    ).toEqual(['00422', '00421']);
    // within the SdI's euro of tolerance the taxable amount passes; the tax is then checked on it
    expect(
      codes(fileName, xml.replace('<ImponibileImporto>29.50</ImponibileImporto>', '<ImponibileImporto>30.00</ImponibileImporto>')),
    ).toEqual(['00421']);
    expect(codes(fileName, xml.replace('<Imposta>6.49</Imposta>', '<Imposta>6.51</Imposta>'))).toEqual(['00421']);
  });

  it('00419 a rate on a line with no summary of it; 00425 a number without digits; 00200 what is not XML', () => {
    expect(
      codes(
        fileName,
        xml.replace('<AliquotaIVA>22.00</AliquotaIVA></DettaglioLinee>', '<AliquotaIVA>10.00</AliquotaIVA></DettaglioLinee>'),
      ),
    ).toContain('00419');
    expect(codes(fileName, xml.replace('<Numero>2026/7</Numero>', '<Numero>ABC</Numero>'))).toEqual(['00425']);
    expect(codes(fileName, xml.replace('</FatturaElettronicaBody>', ''))).toEqual(['00200']);
  });

  it('our own sum: the document total is its summaries exactly', async () => {
    const verdict = await fatturaPaVerdict(fileName, xml.replace('<ImportoTotaleDocumento>35.99', '<ImportoTotaleDocumento>35.98'));
    expect(verdict.ours).toHaveLength(1);
  });
});
