import type { InvoiceLine, InvoiceTotals } from '@pawline/domain';

export type InvoiceLanguage = 'it' | 'en' | 'de' | 'fr';

/** The seller on every invoice: the company that runs Pawline, with its registration (REA) for the e-invoice. */
export type Seller = {
  name: string;
  vat: string;
  /** the company's codice fiscale, when it differs from its VAT number */
  fiscal_code: string | null;
  address: string;
  zip_code: string;
  city: string;
  province: string;
  /** IscrizioneREA: the chamber of commerce's office (a province) and number, capital, sole shareholder, not in liquidation */
  rea: { office: string; number: string; capital_cents: number | null; sole_shareholder: 'SU' | 'SM' | null };
};

function env(name: string, fallback: string): string {
  const value = process.env[name];
  return value === undefined || value.trim() === '' ? fallback : value.trim();
}

/** The seller from the environment (PAWLINE_SELLER_*); the defaults are a fictitious company for local runs. */
export function sellerFromEnv(): Seller {
  const capital = env('PAWLINE_SELLER_CAPITAL_CENTS', '1000000');
  const sole = env('PAWLINE_SELLER_SOLE_SHAREHOLDER', 'SU');
  return {
    name: env('PAWLINE_SELLER_NAME', 'Pawline S.r.l.'),
    vat: env('PAWLINE_SELLER_VAT', '00905811006'),
    fiscal_code: process.env['PAWLINE_SELLER_FISCAL_CODE']?.trim() || null,
    address: env('PAWLINE_SELLER_ADDRESS', 'Via Roma 1'),
    zip_code: env('PAWLINE_SELLER_ZIP', '20121'),
    city: env('PAWLINE_SELLER_CITY', 'Milano'),
    province: env('PAWLINE_SELLER_PROVINCE', 'MI'),
    rea: {
      office: env('PAWLINE_SELLER_REA_OFFICE', 'MI'),
      number: env('PAWLINE_SELLER_REA_NUMBER', '2054321'),
      capital_cents: capital === 'none' ? null : Number(capital),
      sole_shareholder: sole === 'SU' || sole === 'SM' ? sole : null,
    },
  };
}

export const SELLER: Seller = sellerFromEnv();

/** The customer as they were when the invoice was issued (kept with it). */
export type InvoiceCustomer = {
  kind: 'company' | 'private';
  name: string;
  first_name: string | null;
  last_name: string | null;
  vat: string | null;
  fiscal_code: string | null;
  pec: string | null;
  codice_destinatario: string | null;
  address: string;
  city: string;
  zip_code: string;
  country: string;
  /** added later: absent on invoices issued before */
  province?: string | null;
  language?: InvoiceLanguage | null;
};

export type InvoiceDocument = InvoiceTotals & {
  number: string;
  /** the invoice's date in Rome */
  issued_on: string;
  period: string;
  lines: InvoiceLine[];
  customer: InvoiceCustomer;
};

const COUNTRY_LANGUAGE: Readonly<Record<string, InvoiceLanguage>> = {
  IT: 'it',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  FR: 'fr',
  BE: 'fr',
  LU: 'fr',
};

/** The organization's invoice language: the one it chose, else its billing country's, else English. */
export function invoiceLanguage(customer: Pick<InvoiceCustomer, 'language' | 'country'>): InvoiceLanguage {
  return customer.language ?? COUNTRY_LANGUAGE[customer.country.toUpperCase()] ?? 'en';
}

/** Cents as euros with a comma: 1234 → '12,34'. */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}
