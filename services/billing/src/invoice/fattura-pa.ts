import { FATTURA_PA_LENGTHS, latin1Field, mulDivRound } from '@pawline/domain';
import { SELLER, type InvoiceDocument, type Seller } from './invoice-document';
import { lineDescription } from './invoice-texts';

// FatturaPA 1.2.2 between private parties (FPR12): the e-invoice every Italian customer receives through the
// SdI since 2019, a company at its codice destinatario or its PEC, a person (B2C) in the reserved area of the
// Agenzia delle Entrate's site with the code 0000000 and their codice fiscale. Text is Latin-1, cut to the
// schema's lengths (libs/domain latin1-text); the lines are described in Italian.

export const FATTURA_PA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
/** no recipient code: the SdI delivers to the PEC, or to the reserved area (consumers; a company without either) */
export const NO_CODICE_DESTINATARIO = '0000000';

/** Who sends the file to the SdI (the id in the file name and in IdTrasmittente) and its progressive. */
export type Transmission = { transmitterId: string; progressive: string };

/** How the invoice is paid: DatiPagamento's ModalitaPagamento (MP08 card, MP19 SEPA Direct Debit). */
export type PaymentMeans = 'card' | 'sepa_debit';

/** The transmitter's id: PAWLINE_SDI_TRANSMITTER_ID, else the seller's fiscal code or VAT number. */
export function transmitterId(seller: Seller = SELLER): string {
  return (process.env['PAWLINE_SDI_TRANSMITTER_ID']?.trim() || seller.fiscal_code || seller.vat).toUpperCase();
}

/** The SdI's file name: the transmitter's country and id, '_' and a progressive of 1 to 5 characters A–Z 0–9. */
export function sdiFileName(transmission: Transmission): string {
  if (!/^[A-Z0-9]{1,5}$/.test(transmission.progressive)) throw new Error(`not an SdI progressive: ${transmission.progressive}`);
  return `IT${transmission.transmitterId}_${transmission.progressive}.xml`;
}

/** The n-th file's progressive: n in base 36, upper-case (1 → '1', 60466175 → 'ZZZZZ'). */
export function sdiProgressive(n: number): string {
  const progressive = n.toString(36).toUpperCase();
  if (n < 1 || progressive.length > 5) throw new Error(`the SdI progressive ran out at ${n}`);
  return progressive;
}

/** Whether the customer gets an e-invoice: an Italian company or person, with a VAT number or a fiscal code. */
export function wantsFatturaPa(invoice: Pick<InvoiceDocument, 'customer'>): boolean {
  const customer = invoice.customer;
  return customer.country.toUpperCase() === 'IT' && (customer.vat !== null || customer.fiscal_code !== null);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Cents as a FatturaPA amount: 2 decimals with a dot. */
export function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const el = (name: string, content: string) => `<${name}>${content}</${name}>`;
const text = (name: string, value: string) => el(name, escapeXml(value));
const optional = (name: string, value: string | null | undefined) => (value ? text(name, value) : '');
const latin = (name: string, value: string, max: number) => text(name, latin1Field(value, max));

function address(place: { address: string; zip_code: string; city: string; province?: string | null }, country: string): string {
  return el(
    'Sede',
    latin('Indirizzo', place.address, FATTURA_PA_LENGTHS.indirizzo) +
      text('CAP', place.zip_code.trim()) +
      latin('Comune', place.city, FATTURA_PA_LENGTHS.comune) +
      optional('Provincia', place.province?.trim().toUpperCase()) +
      text('Nazione', country),
  );
}

function sellerXml(seller: Seller): string {
  const rea = seller.rea;
  return el(
    'CedentePrestatore',
    el(
      'DatiAnagrafici',
      el('IdFiscaleIVA', text('IdPaese', 'IT') + text('IdCodice', seller.vat)) +
        optional('CodiceFiscale', seller.fiscal_code) +
        el('Anagrafica', latin('Denominazione', seller.name, FATTURA_PA_LENGTHS.denominazione)) +
        text('RegimeFiscale', 'RF01'),
    ) +
      address(seller, 'IT') +
      el(
        'IscrizioneREA',
        text('Ufficio', rea.office) +
          text('NumeroREA', rea.number) +
          (rea.capital_cents === null ? '' : text('CapitaleSociale', amount(rea.capital_cents))) +
          optional('SocioUnico', rea.sole_shareholder) +
          text('StatoLiquidazione', 'LN'),
      ),
  );
}

function buyerXml(invoice: InvoiceDocument): string {
  const customer = invoice.customer;
  const name =
    customer.kind === 'company'
      ? latin('Denominazione', customer.name, FATTURA_PA_LENGTHS.denominazione)
      : latin('Nome', customer.first_name ?? '', FATTURA_PA_LENGTHS.nome) +
        latin('Cognome', customer.last_name ?? '', FATTURA_PA_LENGTHS.nome);
  return el(
    'CessionarioCommittente',
    el(
      'DatiAnagrafici',
      (customer.vat ? el('IdFiscaleIVA', text('IdPaese', 'IT') + text('IdCodice', customer.vat)) : '') +
        optional('CodiceFiscale', customer.fiscal_code) +
        el('Anagrafica', name),
    ) + address(customer, 'IT'),
  );
}

/** The recipient code, and the PEC only where the code is 0000000 (SdI rule 00426). */
function recipient(invoice: InvoiceDocument): string {
  const customer = invoice.customer;
  const code = customer.kind === 'company' && customer.codice_destinatario ? customer.codice_destinatario : NO_CODICE_DESTINATARIO;
  const pec = code === NO_CODICE_DESTINATARIO && customer.kind === 'company' ? customer.pec : null;
  return text('CodiceDestinatario', code) + optional('PECDestinatario', pec);
}

function quantity(n: number): string {
  return `${n}.00`;
}

/** The FPR12 XML of an invoice, for the transmission that sends it. */
export function fatturaPaXml(
  invoice: InvoiceDocument,
  transmission: Transmission,
  payment: PaymentMeans = 'card',
  seller = SELLER,
): string {
  const rate = `${invoice.vat_percent}.00`;
  const header = el(
    'FatturaElettronicaHeader',
    el(
      'DatiTrasmissione',
      el('IdTrasmittente', text('IdPaese', 'IT') + text('IdCodice', transmission.transmitterId)) +
        text('ProgressivoInvio', transmission.progressive) +
        text('FormatoTrasmissione', 'FPR12') +
        recipient(invoice),
    ) +
      sellerXml(seller) +
      buyerXml(invoice),
  );
  const lines = invoice.lines
    .map((line, index) =>
      el(
        'DettaglioLinee',
        text('NumeroLinea', String(index + 1)) +
          latin('Descrizione', lineDescription(line, 'it'), FATTURA_PA_LENGTHS.descrizione) +
          text('Quantita', quantity(line.quantity)) +
          optional('DataInizioPeriodo', line.detail?.start) +
          optional('DataFinePeriodo', line.detail?.end) +
          text('PrezzoUnitario', amount(line.unit_cents)) +
          text('PrezzoTotale', amount(line.net_cents)) +
          text('AliquotaIVA', rate),
      ),
    )
    .join('');
  // one summary per VAT rate: our invoices carry one, 22 % (R9.02), on the sum of the lines
  const net = invoice.lines.reduce((sum, line) => sum + line.net_cents, 0);
  const vat = mulDivRound(net, invoice.vat_percent, 100);
  if (net !== invoice.net_cents || vat !== invoice.vat_cents) throw new Error(`invoice ${invoice.number}: its totals are not its lines'`);
  const summary = el(
    'DatiRiepilogo',
    text('AliquotaIVA', rate) + text('ImponibileImporto', amount(net)) + text('Imposta', amount(vat)) + text('EsigibilitaIVA', 'I'),
  );
  const general = el(
    'DatiGenerali',
    el(
      'DatiGeneraliDocumento',
      text('TipoDocumento', 'TD01') +
        text('Divisa', 'EUR') +
        text('Data', invoice.issued_on) +
        text('Numero', invoice.number) +
        text('ImportoTotaleDocumento', amount(invoice.gross_cents)),
    ),
  );
  // paid in full (TP02) by the card or the debit the subscription charged
  const paid = el(
    'DatiPagamento',
    text('CondizioniPagamento', 'TP02') +
      el(
        'DettaglioPagamento',
        text('ModalitaPagamento', payment === 'sepa_debit' ? 'MP19' : 'MP08') +
          text('DataScadenzaPagamento', invoice.issued_on) +
          text('ImportoPagamento', amount(invoice.gross_cents)),
      ),
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<p:FatturaElettronica versione="FPR12" xmlns:p="${FATTURA_PA_NAMESPACE}" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    header +
    el('FatturaElettronicaBody', general + el('DatiBeniServizi', lines + summary) + paid) +
    `</p:FatturaElettronica>\n`
  );
}
