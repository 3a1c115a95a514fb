import {
  isValidCodiceDestinatario,
  isValidCompanyFiscalCode,
  isValidFiscalCode,
  isValidItalianVat,
  normalizeCodiceDestinatario,
  normalizeFiscalCode,
  normalizeVatNumber,
} from './italian-tax-ids';

// spec §5 (R5.09): the builder's result codes.
export const BILLING_DATA_ERRORS = {
  vatAndFiscalCodeMissing: 2,
  invalidVat: 3,
  invalidFiscalCode: 4,
  invalidCodiceDestinatario: 5,
} as const;
export type BillingDataError = (typeof BILLING_DATA_ERRORS)[keyof typeof BILLING_DATA_ERRORS];

/** The libs/i18n message key for each result code. */
export const BILLING_DATA_ERROR_KEYS = {
  2: 'validation.vatOrFiscalCodeRequired',
  3: 'validation.invalidVat',
  4: 'validation.invalidFiscalCode',
  5: 'validation.invalidRecipientCode',
} as const satisfies Record<BillingDataError, string>;

export type BillingDataInput = {
  /** a company may have an 11-digit fiscal code; a person's has 16 characters (R5.08) */
  kind?: 'company' | 'private';
  vat?: string | null;
  fiscal_code?: string | null;
  codice_destinatario?: string | null;
  pec?: string | null;
};

/** R3.18 billing data as stored: empty values are null. */
export type BillingData = {
  codice_destinatario: string | null;
  pec: string | null;
  fiscal_code: string | null;
};

export type BillingDataResult = { ok: true; data: BillingData; json: string } | { ok: false; error: BillingDataError };

function present(value: string | null | undefined): value is string {
  return value !== null && value !== undefined && value.trim().length > 0;
}

/** R5.09 2 when VAT and fiscal code are both missing, 3/4/5 for an invalid VAT/fiscal code/codice destinatario. */
export function buildBillingData(input: BillingDataInput): BillingDataResult {
  const hasVat = present(input.vat);
  const hasFiscalCode = present(input.fiscal_code);
  if (!hasVat && !hasFiscalCode) return { ok: false, error: BILLING_DATA_ERRORS.vatAndFiscalCodeMissing };
  if (hasVat && !isValidItalianVat(input.vat as string)) return { ok: false, error: BILLING_DATA_ERRORS.invalidVat };
  const fiscalCodeValid = input.kind === 'company' ? isValidCompanyFiscalCode : isValidFiscalCode;
  if (hasFiscalCode && !fiscalCodeValid(input.fiscal_code as string)) {
    return { ok: false, error: BILLING_DATA_ERRORS.invalidFiscalCode };
  }
  const hasCode = present(input.codice_destinatario);
  if (hasCode && !isValidCodiceDestinatario(input.codice_destinatario as string)) {
    return { ok: false, error: BILLING_DATA_ERRORS.invalidCodiceDestinatario };
  }
  const data: BillingData = {
    codice_destinatario: hasCode ? normalizeCodiceDestinatario(input.codice_destinatario as string) : null,
    pec: present(input.pec) ? input.pec.trim() : null,
    fiscal_code: hasFiscalCode ? normalizeFiscalCode(input.fiscal_code as string) : null,
  };
  return { ok: true, data, json: JSON.stringify(data) };
}

// R1.23 who is invoiced: a company or a private person.
export type BillingAddress = {
  address: string;
  city: string;
  zip_code: string;
  country: string;
  /** the Italian province's two letters (MO, RM…), written on the e-invoice */
  province?: string | null;
};

export type CompanyBilling = BillingAddress & {
  kind: 'company';
  legal_name: string;
  vat: string | null;
  fiscal_code: string | null;
  pec: string | null;
  codice_destinatario: string | null;
};

export type PrivateBilling = BillingAddress & {
  kind: 'private';
  first_name: string;
  last_name: string;
  fiscal_code: string | null;
};

export type BillingProfile = CompanyBilling | PrivateBilling;

export type BillingProfileResult = { ok: true; profile: BillingProfile; data: BillingData } | { ok: false; error: BillingDataError };

function provinceOf(profile: BillingAddress): string | null {
  return present(profile.province) ? profile.province.trim().toUpperCase() : null;
}

/**
 * R1.23, R5.09 checks a profile with the builder when it is Italian (the e-invoice needs a VAT number
 * or a fiscal code) and stores the numbers normalized; a profile of another country keeps what it gave.
 */
export function checkBillingProfile(profile: BillingProfile): BillingProfileResult {
  const italian = profile.country.trim().toUpperCase() === 'IT';
  const input: BillingDataInput =
    profile.kind === 'company'
      ? {
          kind: 'company',
          vat: profile.vat,
          fiscal_code: profile.fiscal_code,
          codice_destinatario: profile.codice_destinatario,
          pec: profile.pec,
        }
      : { kind: 'private', fiscal_code: profile.fiscal_code };
  if (!italian) {
    const data: BillingData = {
      codice_destinatario: null,
      pec: null,
      fiscal_code: present(profile.fiscal_code) ? profile.fiscal_code.trim() : null,
    };
    return { ok: true, profile: { ...profile, country: profile.country.trim().toUpperCase(), province: provinceOf(profile) }, data };
  }
  const built = buildBillingData(input);
  if (!built.ok) return built;
  const normalized: BillingProfile =
    profile.kind === 'company'
      ? {
          ...profile,
          country: 'IT',
          province: provinceOf(profile),
          vat: present(profile.vat) ? normalizeVatNumber(profile.vat) : null,
          fiscal_code: built.data.fiscal_code,
          pec: built.data.pec,
          codice_destinatario: built.data.codice_destinatario,
        }
      : { ...profile, country: 'IT', province: provinceOf(profile), fiscal_code: built.data.fiscal_code };
  return { ok: true, profile: normalized, data: built.data };
}
