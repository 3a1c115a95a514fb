import type { BillingProfile } from './billing-data';
import { writableAsLatin1 } from './latin1-text';

// What an Italian e-invoice (FatturaPA, through the SdI) cannot be written from: the schema wants Latin-1
// names and addresses that are never empty, a five-digit CAP, a province of two letters and an ASCII PEC.

/** The schema's EmailType, as an ASCII local part and domain: PECDestinatario */
const FATTURA_PA_EMAIL = /^[!#-'*+/-9=?A-Z^-~-]+(\.[!#-'*+/-9=?A-Z^-~-]+)*@[!#-'*+/-9=?A-Z^-~-]+(\.[!#-'*+/-9=?A-Z^-~-]+)*$/;

/** field → the libs/i18n key of its message; empty when an e-invoice can be written from the profile. */
export function eInvoiceFieldProblems(profile: BillingProfile): Record<string, string> {
  if (profile.country.trim().toUpperCase() !== 'IT') return {};
  const problems: Record<string, string> = {};
  const names: [string, string][] =
    profile.kind === 'company'
      ? [['legal_name', profile.legal_name]]
      : [
          ['first_name', profile.first_name],
          ['last_name', profile.last_name],
        ];
  for (const [field, value] of [...names, ['address', profile.address], ['city', profile.city]] as [string, string][]) {
    if (value.trim() === '') problems[field] = 'validation.required';
    else if (!writableAsLatin1(value)) problems[field] = 'validation.notLatinText';
  }
  if (!/^[0-9]{5}$/.test(profile.zip_code.trim())) problems['zip_code'] = 'validation.invalidZip';
  const province = profile.province?.trim() ?? '';
  if (province !== '' && !/^[A-Za-z]{2}$/.test(province)) problems['province'] = 'validation.invalidProvince';
  if (profile.kind === 'company' && profile.pec && profile.pec.trim() !== '' && !FATTURA_PA_EMAIL.test(profile.pec.trim())) {
    problems['pec'] = 'validation.invalidEmail';
  }
  return problems;
}
