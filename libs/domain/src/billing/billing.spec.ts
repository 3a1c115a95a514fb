import fc from 'fast-check';
import { BILLING_DATA_ERRORS, BILLING_DATA_ERROR_KEYS, buildBillingData, checkBillingProfile } from './billing-data';
import { eInvoiceFieldProblems } from './e-invoice-fields';
import {
  fiscalCodeCheckChar,
  isValidCodiceDestinatario,
  isValidCompanyFiscalCode,
  isValidFiscalCode,
  isValidItalianVat,
} from './italian-tax-ids';

// Published numbers: Ferrari S.p.A., Eni S.p.A., Telecom Italia S.p.A.
const REAL_VATS = ['00159560366', '00905811006', '00488410010'];
// Published sample codici fiscali (Mario Rossi, Matteo Moretti).
const REAL_FISCAL_CODES = ['RSSMRA85T10A562S', 'RSSMRA70A01H501S', 'RSSMRA80A01H501U', 'MRTMTT25D09F205Z'];

describe('R5.06 Italian VAT number', () => {
  it('accepts real VAT numbers, trimmed, upper-cased and with a leading IT', () => {
    for (const vat of REAL_VATS) {
      expect(isValidItalianVat(vat)).toBe(true);
      expect(isValidItalianVat(` IT${vat} `)).toBe(true);
      expect(isValidItalianVat(`it${vat}`)).toBe(true);
    }
  });

  it('rejects a wrong check digit, wrong length or letters', () => {
    expect(isValidItalianVat('00159560367')).toBe(false);
    expect(isValidItalianVat('0015956036')).toBe(false);
    expect(isValidItalianVat('001595603660')).toBe(false);
    expect(isValidItalianVat('0015956036A')).toBe(false);
    expect(isValidItalianVat('DE00159560366')).toBe(false);
  });

  it('property: exactly one check digit fits any 10 leading digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{10}$/), (prefix) => {
        const fitting = [...'0123456789'].filter((d) => isValidItalianVat(prefix + d));
        expect(fitting).toHaveLength(1);
      }),
    );
  });

  it('property: changing one digit breaks the checksum', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REAL_VATS), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 9 }), (vat, at, delta) => {
        const changed = vat.slice(0, at) + String((Number(vat[at]) + delta) % 10) + vat.slice(at + 1);
        expect(isValidItalianVat(changed)).toBe(false);
      }),
    );
  });
});

describe('R5.07 codice destinatario', () => {
  it('exactly 7 letters or digits', () => {
    expect(isValidCodiceDestinatario('0000000')).toBe(true);
    expect(isValidCodiceDestinatario('M5UXCR1')).toBe(true);
    expect(isValidCodiceDestinatario(' m5uxcr1 ')).toBe(true);
    expect(isValidCodiceDestinatario('M5UXCR')).toBe(false);
    expect(isValidCodiceDestinatario('M5UXCR12')).toBe(false);
    expect(isValidCodiceDestinatario('M5UX-R1')).toBe(false);
  });
});

describe('R5.08 codice fiscale', () => {
  it('accepts published codici fiscali, also lower-case', () => {
    for (const code of REAL_FISCAL_CODES) {
      expect(isValidFiscalCode(code)).toBe(true);
      expect(isValidFiscalCode(code.toLowerCase())).toBe(true);
    }
  });

  it('rejects a wrong check character or length', () => {
    expect(isValidFiscalCode('RSSMRA85T10A562T')).toBe(false);
    expect(isValidFiscalCode('RSSMRA85T10A562')).toBe(false);
    expect(isValidFiscalCode('RSSMRA85T10A562SX')).toBe(false);
    expect(isValidFiscalCode('RSSMRA85T10A56-S')).toBe(false);
  });

  it('property: the check character is the only one accepted', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{15}$/), (first15) => {
        const fitting = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter((c) => isValidFiscalCode(first15 + c));
        expect(fitting).toEqual([fiscalCodeCheckChar(first15)]);
      }),
    );
  });
});

describe('billing data builder', () => {
  it('gives 2 when VAT and fiscal code are both missing', () => {
    expect(buildBillingData({ vat: '', fiscal_code: '  ', pec: 'a@pec.it' })).toEqual({ ok: false, error: 2 });
    expect(buildBillingData({})).toEqual({ ok: false, error: BILLING_DATA_ERRORS.vatAndFiscalCodeMissing });
  });

  it('gives 3 for an invalid VAT, 4 for an invalid fiscal code, 5 for an invalid codice destinatario', () => {
    expect(buildBillingData({ vat: '00159560367' })).toEqual({ ok: false, error: 3 });
    expect(buildBillingData({ vat: REAL_VATS[0], fiscal_code: 'RSSMRA85T10A562T' })).toEqual({ ok: false, error: 4 });
    expect(buildBillingData({ vat: REAL_VATS[0], codice_destinatario: 'ABC' })).toEqual({ ok: false, error: 5 });
    expect(BILLING_DATA_ERROR_KEYS[3]).toBe('validation.invalidVat');
  });

  it('otherwise gives codice_destinatario, pec and fiscal_code with empty values null', () => {
    const result = buildBillingData({ vat: 'IT00905811006', fiscal_code: '', codice_destinatario: 'm5uxcr1', pec: '' });
    expect(result).toEqual({
      ok: true,
      data: { codice_destinatario: 'M5UXCR1', pec: null, fiscal_code: null },
      json: '{"codice_destinatario":"M5UXCR1","pec":null,"fiscal_code":null}',
    });
    const privatePerson = buildBillingData({ fiscal_code: 'rssmra85t10a562s', pec: ' mario@pec.it ' });
    expect(privatePerson.ok && JSON.parse(privatePerson.json)).toEqual({
      codice_destinatario: null,
      pec: 'mario@pec.it',
      fiscal_code: 'RSSMRA85T10A562S',
    });
  });
});

describe('billing profile (Company or Private)', () => {
  const address = { address: 'Via Roma 1', city: 'Milano', zip_code: '20100', country: 'it' };

  it('R1.23 a company gives legal name, VAT, fiscal code, certified mail and recipient code, stored normalized', () => {
    const result = checkBillingProfile({
      kind: 'company',
      legal_name: 'Toelettatura Fido S.r.l.',
      vat: ' it00159560366 ',
      fiscal_code: null,
      pec: 'fido@pec.it',
      codice_destinatario: 'm5uxcr1',
      ...address,
    });
    expect(result).toMatchObject({
      ok: true,
      profile: { vat: '00159560366', codice_destinatario: 'M5UXCR1', country: 'IT' },
      data: { codice_destinatario: 'M5UXCR1', pec: 'fido@pec.it', fiscal_code: null },
    });
  });

  it('R1.23 R5.09 a private person gives first and last name; in Italy the fiscal code is needed (2) and checked (4)', () => {
    const person = { kind: 'private' as const, first_name: 'Mario', last_name: 'Rossi', ...address };
    expect(checkBillingProfile({ ...person, fiscal_code: null })).toEqual({ ok: false, error: 2 });
    expect(checkBillingProfile({ ...person, fiscal_code: 'RSSMRA85T10A562T' })).toEqual({ ok: false, error: 4 });
    expect(checkBillingProfile({ ...person, fiscal_code: 'rssmra85t10a562s' })).toMatchObject({
      ok: true,
      profile: { fiscal_code: 'RSSMRA85T10A562S' },
    });
    expect(checkBillingProfile({ ...person, country: 'DE', fiscal_code: null })).toMatchObject({ ok: true, profile: { country: 'DE' } });
  });

  it('R5.09 a company with a bad VAT is 3, a bad recipient code 5', () => {
    const company = { kind: 'company' as const, legal_name: 'X', fiscal_code: null, pec: null, ...address };
    expect(checkBillingProfile({ ...company, vat: '00159560367', codice_destinatario: null })).toEqual({ ok: false, error: 3 });
    expect(checkBillingProfile({ ...company, vat: REAL_VATS[1], codice_destinatario: 'ABC' })).toEqual({ ok: false, error: 5 });
  });
});

describe("a company's fiscal code of 11 digits (the schema's CodiceFiscaleType is 11 to 16 characters)", () => {
  const address = { address: 'Via Roma 1', city: 'Milano', zip_code: '20100', country: 'IT' };
  const association = {
    kind: 'company' as const,
    legal_name: 'Circolo Cinofilo',
    vat: null,
    pec: null,
    codice_destinatario: null,
    ...address,
  };

  it('accepts a company with only an 11-digit fiscal code (the VAT check digit), or a sole trader with a 16-character one', () => {
    expect(isValidCompanyFiscalCode('00159560366')).toBe(true);
    expect(isValidCompanyFiscalCode('RSSMRA85T10A562S')).toBe(true);
    expect(isValidCompanyFiscalCode('00159560367')).toBe(false);
    expect(isValidCompanyFiscalCode('0015956036')).toBe(false);
    expect(checkBillingProfile({ ...association, fiscal_code: '00488410010' })).toMatchObject({
      ok: true,
      profile: { vat: null, fiscal_code: '00488410010' },
    });
    expect(checkBillingProfile({ ...association, fiscal_code: '00488410011' })).toEqual({ ok: false, error: 4 });
  });

  it("R5.08 a person's fiscal code stays 16 characters: 11 digits are refused for a private person", () => {
    const person = { kind: 'private' as const, first_name: 'Mario', last_name: 'Rossi', ...address };
    expect(checkBillingProfile({ ...person, fiscal_code: '00159560366' })).toEqual({ ok: false, error: 4 });
  });

  it('property: 11 digits are a company fiscal code exactly when they are a valid VAT number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{11}$/), (digits) => {
        expect(isValidCompanyFiscalCode(digits)).toBe(isValidItalianVat(digits));
      }),
    );
  });
});

describe('billing data an Italian e-invoice cannot be written from', () => {
  const company = {
    kind: 'company' as const,
    legal_name: 'Toelettatura L’Incanto di Zampè – S.r.l.',
    vat: '00159560366',
    fiscal_code: null,
    pec: null,
    codice_destinatario: 'M5UXCR1',
    address: 'Via Verdi 3',
    city: 'Modena',
    zip_code: '41121',
    province: 'mo',
    country: 'IT',
  };

  it('takes typographic names and a lower-case province: they are written in Latin-1 and upper-case', () => {
    expect(eInvoiceFieldProblems(company)).toEqual({});
    expect(checkBillingProfile(company)).toMatchObject({ ok: true, profile: { province: 'MO' } });
  });

  it('refuses an empty or emoji-only name or address, a CAP not of five digits, a province not of two letters and a non-ASCII PEC', () => {
    expect(
      eInvoiceFieldProblems({
        ...company,
        legal_name: '🐶🐾',
        address: '  ',
        city: '北京',
        zip_code: '4112',
        province: 'MOD',
        pec: 'zampè@pec.it',
      }),
    ).toEqual({
      legal_name: 'validation.notLatinText',
      address: 'validation.required',
      city: 'validation.notLatinText',
      zip_code: 'validation.invalidZip',
      province: 'validation.invalidProvince',
      pec: 'validation.invalidEmail',
    });
    const { legal_name: _name, vat: _vat, pec: _pec, codice_destinatario: _code, ...address } = company;
    const person = { ...address, kind: 'private' as const, first_name: '😀', last_name: 'Rossi' };
    expect(eInvoiceFieldProblems(person)).toMatchObject({ first_name: 'validation.notLatinText' });
  });

  it('asks nothing of a profile abroad, which gets no Italian e-invoice', () => {
    expect(eInvoiceFieldProblems({ ...company, country: 'DE', zip_code: '1010', province: null, legal_name: '🐶' })).toEqual({});
  });
});
