import { z } from 'zod';
import { registerUserRpc } from '../identity/auth-register.rpc';
import { LANGUAGES } from './languages';
import { fieldIssueTexts, fieldIssueText } from './field-messages';
import { calendarDateSchema } from './input-values';

const registration = {
  email: 'anna@example.com',
  password: 'long enough secret',
  first_name: 'Anna',
  last_name: 'Rossi',
  organization_name: 'Pelo Felice',
  country: 'IT',
  language: 'it',
  accept_terms: true,
  accept_privacy: true,
};

function fieldsOf(schema: z.ZodType, value: unknown, lang: string): Record<string, string> {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) throw new Error('expected a failure');
  return fieldIssueTexts(parsed.error.issues, lang);
}

describe('field texts for a person (issue 29)', () => {
  it('names a short registration password in each language, never in the schema words', () => {
    const texts = LANGUAGES.map((lang) => fieldsOf(registerUserRpc.request, { ...registration, password: 'short' }, lang).password);
    expect(texts).toEqual([
      'Please enter at least 8 characters.',
      'Inserisci almeno 8 caratteri.',
      'Bitte mindestens 8 Zeichen eingeben.',
      'Veuillez saisir au moins 8 caractères.',
    ]);
  });

  it('tells a missing or blank required field, a bad e-mail, a foreign country and an unknown field apart', () => {
    const { first_name: _dropped, ...withoutFirstName } = registration;
    const fields = fieldsOf(
      registerUserRpc.request,
      { ...withoutFirstName, last_name: '  ', email: 'anna@', country: 'UK', admin: true },
      'de-CH',
    );
    expect(fields).toEqual({
      first_name: 'Dieses Feld ist erforderlich.',
      last_name: 'Dieses Feld ist erforderlich.',
      email: 'Bitte eine gültige E-Mail-Adresse eingeben.',
      country: 'Bitte einen der angebotenen Werte wählen.',
      admin: 'Dieses Feld ist nicht vorgesehen.',
    });
  });

  it('words number and list bounds, exclusive or not, and falls back to English for other languages', () => {
    const schema = z.strictObject({ n: z.number().positive(), m: z.number().max(10), list: z.array(z.string()).min(2) });
    expect(fieldsOf(schema, { n: 0, m: 11, list: [] }, 'es')).toEqual({
      n: 'Please enter a number greater than 0.',
      m: 'Please enter a number of at most 10.',
      list: 'Please choose at least 2.',
    });
    expect(fieldsOf(schema, { n: 'x', m: 1, list: ['a', 'b'] }, 'fr').n).toBe("Cette valeur n'est pas valide.");
  });

  it('replaces a refinement written for developers, keeps one that names an i18n key', () => {
    expect(fieldsOf(z.object({ day: calendarDateSchema }), { day: '2027-02-31' }, 'it').day).toBe('Questo valore non è valido.');
    const keyed = z.string().refine(() => false, 'validation.phoneFormat');
    const issue = keyed.safeParse('x').error?.issues[0];
    expect(issue && fieldIssueText(issue, 'en')).toBe('validation.phoneFormat');
    // a bound with its own key (billing's blank address) keeps it, as a refinement does
    expect(fieldsOf(z.object({ address: z.string().trim().min(1, 'validation.required') }), { address: ' ' }, 'it').address).toBe(
      'validation.required',
    );
  });

  it('has no text left in the schema library words in any language', () => {
    for (const lang of LANGUAGES) {
      const all = Object.values(fieldsOf(registerUserRpc.request, { password: 'x', email: 3, accept_terms: 'yes' }, lang));
      for (const text of all) expect(text).not.toMatch(/expected|received|Invalid input|Too small|>=|Unrecognized/);
    }
  });
});
