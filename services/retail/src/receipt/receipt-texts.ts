import type { PaymentMethod } from '@pawline/contracts';

export type ReceiptLanguage = 'en' | 'it' | 'de' | 'fr';

export const RECEIPT_LOCALE: Record<ReceiptLanguage, string> = { en: 'en-GB', it: 'it-IT', de: 'de-DE', fr: 'fr-FR' };

type ReceiptLabels = {
  title: string;
  notFiscal: string;
  fiscalDocument: string;
  sale: string;
  item: string;
  quantity: string;
  discount: string;
  amount: string;
  vatRate: string;
  vatSummary: string;
  net: string;
  vat: string;
  total: string;
  tip: string;
  paid: string;
  refunded: string;
  payment: Record<PaymentMethod, string>;
};

// A courtesy receipt is not the legal receipt: in Italy that is the certified till's documento commerciale,
// whose number the courtesy copy repeats.
export const RECEIPT_LABELS: Record<ReceiptLanguage, ReceiptLabels> = {
  en: {
    title: 'Courtesy receipt',
    notFiscal: 'Not a tax document.',
    fiscalDocument: 'Till document no.',
    sale: 'Sale',
    item: 'Item',
    quantity: 'Qty',
    discount: 'Discount',
    amount: 'Amount',
    vatRate: 'VAT',
    vatSummary: 'VAT by rate',
    net: 'Net',
    vat: 'VAT',
    total: 'Total',
    tip: 'Tip',
    paid: 'Paid',
    refunded: 'Refunded',
    payment: { cash: 'Cash', card: 'Card', bank_transfer: 'Bank transfer', other: 'Other' },
  },
  it: {
    title: 'Scontrino di cortesia',
    notFiscal: 'Documento non fiscale.',
    fiscalDocument: 'Documento commerciale n.',
    sale: 'Vendita',
    item: 'Descrizione',
    quantity: 'Q.tà',
    discount: 'Sconto',
    amount: 'Importo',
    vatRate: 'IVA',
    vatSummary: 'IVA per aliquota',
    net: 'Imponibile',
    vat: 'Imposta',
    total: 'Totale',
    tip: 'Mancia',
    paid: 'Pagato',
    refunded: 'Rimborsato',
    payment: { cash: 'Contanti', card: 'Carta', bank_transfer: 'Bonifico', other: 'Altro' },
  },
  de: {
    title: 'Kundenbeleg',
    notFiscal: 'Kein Steuerbeleg.',
    fiscalDocument: 'Kassenbeleg Nr.',
    sale: 'Verkauf',
    item: 'Artikel',
    quantity: 'Menge',
    discount: 'Rabatt',
    amount: 'Betrag',
    vatRate: 'MwSt.',
    vatSummary: 'MwSt. nach Satz',
    net: 'Netto',
    vat: 'MwSt.',
    total: 'Summe',
    tip: 'Trinkgeld',
    paid: 'Bezahlt',
    refunded: 'Erstattet',
    payment: { cash: 'Bar', card: 'Karte', bank_transfer: 'Überweisung', other: 'Sonstige' },
  },
  fr: {
    title: 'Ticket de courtoisie',
    notFiscal: "Ce n'est pas un document fiscal.",
    fiscalDocument: 'Ticket de caisse n°',
    sale: 'Vente',
    item: 'Article',
    quantity: 'Qté',
    discount: 'Remise',
    amount: 'Montant',
    vatRate: 'TVA',
    vatSummary: 'TVA par taux',
    net: 'HT',
    vat: 'TVA',
    total: 'Total',
    tip: 'Pourboire',
    paid: 'Payé',
    refunded: 'Remboursé',
    payment: { cash: 'Espèces', card: 'Carte', bank_transfer: 'Virement', other: 'Autre' },
  },
};

export function receiptLanguage(lang: string): ReceiptLanguage {
  return lang === 'it' || lang === 'de' || lang === 'fr' ? lang : 'en';
}

/** '12,20 €' in the receipt's language (the locale's own separators and sign position). */
export function receiptMoney(cents: number, language: ReceiptLanguage): string {
  return new Intl.NumberFormat(RECEIPT_LOCALE[language], { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** 22 %, 5,5 % */
export function receiptRate(bp: number, language: ReceiptLanguage): string {
  return `${new Intl.NumberFormat(RECEIPT_LOCALE[language], { maximumFractionDigits: 2 }).format(bp / 100)} %`;
}
