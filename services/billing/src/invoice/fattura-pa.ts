import { SELLER, type InvoiceDocument } from './invoice-document';

// FatturaPA 1.2 between private parties (FPR12), the e-invoice an Italian company receives through
// the SdI at its codice destinatario, or at its PEC with the code 0000000.

export const FATTURA_PA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
export const NO_CODICE_DESTINATARIO = '0000000';

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

/** Whether the customer gets a FatturaPA: an Italian company with a VAT number. */
export function wantsFatturaPa(invoice: Pick<InvoiceDocument, 'customer'>): boolean {
  return invoice.customer.kind === 'company' && invoice.customer.country === 'IT' && invoice.customer.vat !== null;
}

/** The FPR12 XML of an invoice; `progressive` is the transmission's number (ProgressivoInvio, up to 10 characters). */
export function fatturaPaXml(invoice: InvoiceDocument, progressive: string): string {
  const customer = invoice.customer;
  const code = customer.codice_destinatario ?? NO_CODICE_DESTINATARIO;
  const transmission = el(
    'DatiTrasmissione',
    el('IdTrasmittente', text('IdPaese', 'IT') + text('IdCodice', SELLER.vat)) +
      text('ProgressivoInvio', progressive.slice(0, 10)) +
      text('FormatoTrasmissione', 'FPR12') +
      text('CodiceDestinatario', code) +
      (code === NO_CODICE_DESTINATARIO && customer.pec ? text('PECDestinatario', customer.pec) : ''),
  );
  const seller = el(
    'CedentePrestatore',
    el(
      'DatiAnagrafici',
      el('IdFiscaleIVA', text('IdPaese', 'IT') + text('IdCodice', SELLER.vat)) +
        el('Anagrafica', text('Denominazione', SELLER.name)) +
        text('RegimeFiscale', 'RF01'),
    ) +
      el(
        'Sede',
        text('Indirizzo', SELLER.address) +
          text('CAP', SELLER.zip_code) +
          text('Comune', SELLER.city) +
          text('Provincia', SELLER.province) +
          text('Nazione', 'IT'),
      ),
  );
  const buyer = el(
    'CessionarioCommittente',
    el(
      'DatiAnagrafici',
      (customer.vat ? el('IdFiscaleIVA', text('IdPaese', customer.country) + text('IdCodice', customer.vat)) : '') +
        (customer.fiscal_code ? text('CodiceFiscale', customer.fiscal_code) : '') +
        el(
          'Anagrafica',
          customer.kind === 'company'
            ? text('Denominazione', customer.name)
            : text('Nome', customer.first_name ?? '') + text('Cognome', customer.last_name ?? ''),
        ),
    ) +
      el(
        'Sede',
        text('Indirizzo', customer.address) +
          text('CAP', /^\d{5}$/.test(customer.zip_code) ? customer.zip_code : '00000') +
          text('Comune', customer.city) +
          text('Nazione', customer.country),
      ),
  );
  const vat = `${invoice.vat_percent}.00`;
  const lines = invoice.lines
    .map((line, index) =>
      el(
        'DettaglioLinee',
        text('NumeroLinea', String(index + 1)) +
          text('Descrizione', line.description) +
          text('Quantita', `${line.quantity}.00`) +
          text('PrezzoUnitario', amount(line.unit_cents)) +
          text('PrezzoTotale', amount(line.net_cents)) +
          text('AliquotaIVA', vat),
      ),
    )
    .join('');
  const summary = el(
    'DatiRiepilogo',
    text('AliquotaIVA', vat) +
      text('ImponibileImporto', amount(invoice.net_cents)) +
      text('Imposta', amount(invoice.vat_cents)) +
      text('EsigibilitaIVA', 'I'),
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
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<p:FatturaElettronica versione="FPR12" xmlns:p="${FATTURA_PA_NAMESPACE}" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    el('FatturaElettronicaHeader', transmission + seller + buyer) +
    el('FatturaElettronicaBody', general + el('DatiBeniServizi', lines + summary)) +
    `</p:FatturaElettronica>\n`
  );
}
