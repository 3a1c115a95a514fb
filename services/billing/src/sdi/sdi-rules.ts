import { isValidCompanyFiscalCode, isValidFiscalCode, isValidItalianVat } from '@pawline/domain';
import { NO_CODICE_DESTINATARIO } from '../invoice/fattura-pa';
import { all, readXml, textAt, type XmlElement } from '../invoice/xml-reader';

// The SdI's checks that the XML schema cannot express (the Agenzia delle Entrate's "Elenco controlli" of the
// FatturaPA specifications), with its error codes and tolerances: what the SdI would answer in a rejection
// (notifica di scarto, NS). The sandbox intermediary answers them, and the tests check every file with them.

export type SdiError = { code: string; description: string };

/** IT<transmitter's fiscal id>_<progressive of 1–5 characters A–Z 0–9>.xml */
const FILE_NAME = /^([A-Z]{2})([A-Z0-9]{11,16})_([A-Z0-9]{1,5})\.xml$/;

/** Decimal text to hundredths of a cent (the schema allows up to 8 decimals, we compare to the cent). */
const toCents = (value: string | null) => (value === null ? Number.NaN : Math.round(Number(value) * 100));

function rateOf(text: string | null): string {
  return Number(text ?? Number.NaN).toFixed(2);
}

function checkFileName(fileName: string, root: XmlElement): SdiError[] {
  const name = FILE_NAME.exec(fileName);
  if (!name) return [{ code: '00001', description: `Nome file non valido: ${fileName}` }];
  const country = textAt(root, 'FatturaElettronicaHeader/DatiTrasmissione/IdTrasmittente/IdPaese');
  const id = textAt(root, 'FatturaElettronicaHeader/DatiTrasmissione/IdTrasmittente/IdCodice');
  // the name carries the transmitter who sends the file: the one in IdTrasmittente
  if (name[1] !== country || name[2] !== id) {
    return [{ code: '00001', description: `Nome file non valido: ${fileName} non è del trasmittente ${country ?? ''}${id ?? ''}` }];
  }
  return [];
}

function checkRecipient(root: XmlElement): SdiError[] {
  const transmission = 'FatturaElettronicaHeader/DatiTrasmissione';
  const format = textAt(root, `${transmission}/FormatoTrasmissione`);
  const code = textAt(root, `${transmission}/CodiceDestinatario`) ?? '';
  const pec = textAt(root, `${transmission}/PECDestinatario`);
  const errors: SdiError[] = [];
  if (format === 'FPR12' && code.length !== 7) {
    errors.push({ code: '00427', description: 'CodiceDestinatario di 6 caratteri a fronte di FormatoTrasmissione con valore FPR12' });
  }
  if (pec !== null && code !== NO_CODICE_DESTINATARIO) {
    errors.push({ code: '00426', description: 'PECDestinatario valorizzato a fronte di CodiceDestinatario con valore diverso da 0000000' });
  }
  return errors;
}

function checkParties(root: XmlElement): SdiError[] {
  const errors: SdiError[] = [];
  const seller = textAt(root, 'FatturaElettronicaHeader/CedentePrestatore/DatiAnagrafici/IdFiscaleIVA/IdCodice');
  if (seller === null || !isValidItalianVat(seller))
    errors.push({ code: '00301', description: 'IdCodice del cedente/prestatore non valido' });
  const buyer = 'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici';
  const vat = all(root, `${buyer}/IdFiscaleIVA`)[0];
  const fiscalCode = textAt(root, `${buyer}/CodiceFiscale`);
  if (!vat && fiscalCode === null) {
    errors.push({ code: '00417', description: 'IdFiscaleIVA e CodiceFiscale del cessionario/committente non valorizzati' });
  }
  if (vat && textAt(vat, 'IdPaese') === 'IT' && !isValidItalianVat(textAt(vat, 'IdCodice') ?? '')) {
    errors.push({ code: '00305', description: 'IdCodice del cessionario/committente non valido' });
  }
  const company = all(root, `${buyer}/Anagrafica/Denominazione`).length > 0;
  if (fiscalCode !== null && !(company ? isValidCompanyFiscalCode(fiscalCode) : isValidFiscalCode(fiscalCode))) {
    errors.push({ code: '00306', description: 'CodiceFiscale del cessionario/committente non valido' });
  }
  return errors;
}

function checkAmounts(body: XmlElement): SdiError[] {
  const errors: SdiError[] = [];
  const number = textAt(body, 'DatiGenerali/DatiGeneraliDocumento/Numero') ?? '';
  if (!/[0-9]/.test(number)) errors.push({ code: '00425', description: 'Numero non contenente caratteri numerici' });
  const netByRate = new Map<string, number>();
  for (const line of all(body, 'DatiBeniServizi/DettaglioLinee')) {
    const total = toCents(textAt(line, 'PrezzoTotale'));
    const unit = Number(textAt(line, 'PrezzoUnitario'));
    const quantity = Number(textAt(line, 'Quantita') ?? 1);
    // PrezzoTotale = PrezzoUnitario × Quantita, to the cent (no discounts on our lines)
    if (!(Math.abs(total - Math.round(unit * quantity * 100)) <= 1)) {
      errors.push({ code: '00423', description: `PrezzoTotale non calcolato (linea ${textAt(line, 'NumeroLinea') ?? '?'})` });
    }
    const rate = rateOf(textAt(line, 'AliquotaIVA'));
    netByRate.set(rate, (netByRate.get(rate) ?? 0) + total);
  }
  const summaries = new Map(all(body, 'DatiBeniServizi/DatiRiepilogo').map((summary) => [rateOf(textAt(summary, 'AliquotaIVA')), summary]));
  for (const [rate, net] of netByRate) {
    const summary = summaries.get(rate);
    if (!summary) {
      errors.push({ code: '00419', description: `DatiRiepilogo non presente per l'aliquota ${rate}` });
      continue;
    }
    const taxable = toCents(textAt(summary, 'ImponibileImporto'));
    // ImponibileImporto = Σ PrezzoTotale of the rate (+ Arrotondamento), within one euro
    const rounding = toCents(textAt(summary, 'Arrotondamento') ?? '0');
    if (!(Math.abs(taxable - net - rounding) <= 100))
      errors.push({ code: '00422', description: `ImponibileImporto non calcolato (aliquota ${rate})` });
    // Imposta = ImponibileImporto × AliquotaIVA / 100, rounded, within one cent
    const tax = toCents(textAt(summary, 'Imposta'));
    if (!(Math.abs(tax - Math.round((taxable * Number(rate)) / 100)) <= 1)) {
      errors.push({ code: '00421', description: `Imposta non calcolata (aliquota ${rate})` });
    }
  }
  return errors;
}

/** The SdI's rejections of a file beyond the schema; none when it would pass. Unreadable XML is 00200. */
export function sdiRuleErrors(fileName: string, xml: string): SdiError[] {
  let root: XmlElement;
  try {
    root = readXml(xml);
  } catch (error) {
    return [{ code: '00200', description: `File non conforme al formato: ${(error as Error).message}` }];
  }
  return [
    ...checkFileName(fileName, root),
    ...checkRecipient(root),
    ...checkParties(root),
    ...all(root, 'FatturaElettronicaBody').flatMap(checkAmounts),
  ];
}
