import type { InvoiceLine, PlanId } from '@pawline/domain';
import type { InvoiceLanguage } from './invoice-document';

// What an invoice says, in the organization's language (the PDF) and in Italian (the e-invoice's lines).

type Labels = {
  invoice: string;
  courtesyCopy: string;
  courtesyCopyNote: string;
  date: string;
  period: string;
  billTo: string;
  vat: string;
  fiscalCode: string;
  recipientCode: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  net: string;
  vatRate: string;
  total: string;
  rea: string;
  shareCapital: string;
  paid: string;
};

export const INVOICE_LABELS: Readonly<Record<InvoiceLanguage, Labels>> = {
  it: {
    invoice: 'Fattura',
    courtesyCopy: 'Copia di cortesia',
    courtesyCopyNote:
      "Documento privo di valenza fiscale: la fattura è quella elettronica trasmessa tramite il Sistema di Interscambio (SdI) e disponibile nell'area riservata del sito dell'Agenzia delle Entrate.",
    date: 'Data',
    period: 'Periodo',
    billTo: 'Cliente',
    vat: 'P. IVA',
    fiscalCode: 'Codice fiscale',
    recipientCode: 'Codice destinatario',
    description: 'Descrizione',
    quantity: 'Q.tà',
    unitPrice: 'Prezzo',
    amount: 'Importo',
    net: 'Imponibile',
    vatRate: 'IVA',
    total: 'Totale',
    rea: 'REA',
    shareCapital: 'Capitale sociale',
    paid: 'Pagata',
  },
  en: {
    invoice: 'Invoice',
    courtesyCopy: 'Courtesy copy',
    courtesyCopyNote:
      "Not a tax document: the invoice is the electronic one sent through Italy's exchange system (SdI), available in the reserved area of the Agenzia delle Entrate's website.",
    date: 'Date',
    period: 'Period',
    billTo: 'Bill to',
    vat: 'VAT no.',
    fiscalCode: 'Fiscal code',
    recipientCode: 'Recipient code',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    net: 'Net',
    vatRate: 'VAT',
    total: 'Total',
    rea: 'REA',
    shareCapital: 'Share capital',
    paid: 'Paid',
  },
  de: {
    invoice: 'Rechnung',
    courtesyCopy: 'Kopie zur Information',
    courtesyCopyNote:
      'Kein steuerliches Dokument: Die Rechnung ist die elektronische, über das italienische Austauschsystem (SdI) übermittelte, abrufbar im geschützten Bereich der Agenzia delle Entrate.',
    date: 'Datum',
    period: 'Zeitraum',
    billTo: 'Rechnungsempfänger',
    vat: 'USt-IdNr.',
    fiscalCode: 'Steuernummer',
    recipientCode: 'Empfängercode',
    description: 'Beschreibung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    amount: 'Betrag',
    net: 'Netto',
    vatRate: 'MwSt.',
    total: 'Gesamt',
    rea: 'REA',
    shareCapital: 'Stammkapital',
    paid: 'Bezahlt',
  },
  fr: {
    invoice: 'Facture',
    courtesyCopy: 'Copie de courtoisie',
    courtesyCopyNote:
      "Document sans valeur fiscale : la facture est la facture électronique transmise par le système d'échange italien (SdI), disponible dans l'espace réservé du site de l'Agenzia delle Entrate.",
    date: 'Date',
    period: 'Période',
    billTo: 'Client',
    vat: 'N° TVA',
    fiscalCode: 'Code fiscal',
    recipientCode: 'Code destinataire',
    description: 'Description',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    net: 'Total HT',
    vatRate: 'TVA',
    total: 'Total TTC',
    rea: 'REA',
    shareCapital: 'Capital social',
    paid: 'Payée',
  },
};

const LOCALE: Readonly<Record<InvoiceLanguage, string>> = { it: 'it-IT', en: 'en-GB', de: 'de-DE', fr: 'fr-FR' };

const PLAN_NAMES: Readonly<Record<PlanId, string>> = {
  free_trial: 'Free trial',
  free_plan: 'Free plan',
  basic: 'Basic',
  standard: 'Standard',
  premium: 'Premium',
  customized: 'Customized',
};

type Phrases = {
  plan: (plan: string) => string;
  extraStore: string;
  change: (from: string, to: string) => string;
  reminders: string;
  days: (days: number, of: number) => string;
  span: (start: string, end: string) => string;
};

const PHRASES: Readonly<Record<InvoiceLanguage, Phrases>> = {
  it: {
    plan: (plan) => `Abbonamento Pawline ${plan}`,
    extraStore: 'Negozio aggiuntivo',
    change: (from, to) => `Passaggio da ${from} a ${to}, differenza`,
    reminders: 'Promemoria WhatsApp oltre il piano',
    days: (days, of) => `${days}/${of} giorni`,
    span: (start, end) => `dal ${start} al ${end}`,
  },
  en: {
    plan: (plan) => `Pawline ${plan} subscription`,
    extraStore: 'Extra store',
    change: (from, to) => `Change from ${from} to ${to}, difference`,
    reminders: 'WhatsApp reminders over the plan',
    days: (days, of) => `${days}/${of} days`,
    span: (start, end) => `${start} to ${end}`,
  },
  de: {
    plan: (plan) => `Pawline-Abonnement ${plan}`,
    extraStore: 'Zusätzliches Geschäft',
    change: (from, to) => `Wechsel von ${from} zu ${to}, Differenz`,
    reminders: 'WhatsApp-Erinnerungen über dem Tarif',
    days: (days, of) => `${days}/${of} Tage`,
    span: (start, end) => `${start} bis ${end}`,
  },
  fr: {
    plan: (plan) => `Abonnement Pawline ${plan}`,
    extraStore: 'Magasin supplémentaire',
    change: (from, to) => `Passage de ${from} à ${to}, différence`,
    reminders: 'Rappels WhatsApp au-delà du forfait',
    days: (days, of) => `${days}/${of} jours`,
    span: (start, end) => `du ${start} au ${end}`,
  },
};

/** '2026-11-16' as the language writes a date (16/11/2026, 16.11.2026…). */
export function formatDate(date: string, language: InvoiceLanguage): string {
  return new Intl.DateTimeFormat(LOCALE[language], { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** 'novembre 2026', 'November 2026'… */
function monthName(start: string, language: InvoiceLanguage): string {
  return new Intl.DateTimeFormat(LOCALE[language], { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${start}T00:00:00Z`),
  );
}

const planName = (plan: string | undefined) => (plan && plan in PLAN_NAMES ? PLAN_NAMES[plan as PlanId] : (plan ?? ''));

/** What a line is for, in a language; a line issued before lines had details keeps its English description. */
export function lineDescription(line: InvoiceLine, language: InvoiceLanguage): string {
  const detail = line.detail;
  if (!detail) return line.description;
  const say = PHRASES[language];
  const whole = detail.start !== undefined && detail.end !== undefined && detail.start.endsWith('-01') && detail.days === undefined;
  const when =
    !detail.start || !detail.end
      ? ''
      : whole
        ? monthName(detail.start, language)
        : say.span(formatDate(detail.start, language), formatDate(detail.end, language));
  const days = detail.days !== undefined && detail.of !== undefined ? ` (${say.days(detail.days, detail.of)})` : '';
  const what =
    line.kind === 'plan' || line.kind === 'plan_pro_rata'
      ? say.plan(planName(detail.plan))
      : line.kind === 'extra_store' || line.kind === 'extra_store_pro_rata'
        ? say.extraStore
        : line.kind === 'plan_change'
          ? say.change(planName(detail.from_plan), planName(detail.plan))
          : say.reminders;
  return `${what}${when ? `, ${when}` : ''}${days}`;
}
