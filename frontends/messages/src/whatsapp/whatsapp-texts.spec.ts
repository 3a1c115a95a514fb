import { loadedTranslator } from '@pawline/i18n';
import { accountErrorText, manualProblems, reasonFix, reviewReasonText, signupOutcomeOf, unsentReasonText } from './whatsapp-texts';

// the catalogues are read from the source (libs/i18n's jest mapping): every language has the texts
const en = loadedTranslator('en');
const fr = loadedTranslator('fr');

describe("Meta's words for staff (issue 27)", () => {
  it("reads Embedded Signup's window message: finish with the code and ids, cancel, error; anything else is not one", () => {
    expect(
      signupOutcomeOf({
        type: 'WA_EMBEDDED_SIGNUP',
        event: 'FINISH',
        data: { waba_id: '104996122399160', phone_number_id: '1065403' },
        code: 'c0de',
      }),
    ).toEqual({ event: 'finish', code: 'c0de', waba_id: '104996122399160', phone_number_id: '1065403' });
    expect(
      signupOutcomeOf({ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH_ONLY_WABA', data: { waba_id: '104996122399160' }, code: 'c0de' }),
    ).toEqual({
      event: 'finish',
      code: 'c0de',
      waba_id: '104996122399160',
    });
    // Meta's session message carries no code (the SDK's login callback has it): nothing to finish with
    expect(signupOutcomeOf({ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: { waba_id: '1' } })).toBeNull();
    expect(signupOutcomeOf({ type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: { current_step: 'PHONE_NUMBER_SETUP' } })).toEqual({
      event: 'cancel',
    });
    expect(signupOutcomeOf({ type: 'WA_EMBEDDED_SIGNUP', event: 'ERROR', data: { error_message: 'Number in use' } })).toEqual({
      event: 'error',
      message: 'Number in use',
    });
    for (const other of [null, 'FINISH', { type: 'OTHER', event: 'FINISH', code: 'x' }, { type: 'WA_EMBEDDED_SIGNUP', event: 'NEXT' }]) {
      expect(signupOutcomeOf(other)).toBeNull();
    }
  });

  it('checks the manual details as the server does: ids of 5 to 30 digits, a token of 10 to 1000 characters', () => {
    expect(manualProblems({ phone_number_id: '106540352242922', waba_id: ' 104996122399160 ', access_token: 'EAAGabcdefgh' })).toEqual({});
    expect(manualProblems({ phone_number_id: '+39 06 555', waba_id: '1234', access_token: 'short' })).toEqual({
      phone_number_id: 'digits',
      waba_id: 'digits',
      access_token: 'token',
    });
    expect(manualProblems({ phone_number_id: '1'.repeat(30), waba_id: '1'.repeat(31), access_token: 'x'.repeat(1001) })).toEqual({
      waba_id: 'digits',
      access_token: 'token',
    });
  });

  it("a rejection's reason in the user's language; a reason Meta adds later is still named; approved and pending have none", () => {
    expect(reviewReasonText(fr, { status: 'rejected', reason: 'INCORRECT_CATEGORY' })).toBe(
      'La catégorie ne correspond pas au texte (message de service ou marketing).',
    );
    expect(reviewReasonText(en, { status: 'rejected', reason: 'NEW_META_REASON' })).toBe('WhatsApp gave the reason NEW_META_REASON.');
    expect(reviewReasonText(en, { status: 'rejected', reason: 'NONE' })).toBeNull();
    expect(reviewReasonText(en, { status: 'refused', reason: '100/2388299' })).toBe(
      'WhatsApp did not accept the template for review (error 100/2388299).',
    );
    expect(reviewReasonText(en, { status: 'paused', reason: null })).toContain('paused it');
    expect(reviewReasonText(en, { status: 'approved', reason: null })).toBeNull();
    expect(reviewReasonText(en, { status: 'pending', reason: null })).toBeNull();
  });

  it("why a message was not sent, and where staff fix it; an error of the number in staff's words or Meta's", () => {
    expect(unsentReasonText(fr, 'template_rejected')).toBe('Non envoyé : WhatsApp a refusé le modèle.');
    expect(unsentReasonText(en, 'something_else')).toBe('Not sent (something_else).');
    expect(reasonFix('template_pending')).toBe('templates');
    expect(reasonFix('not_connected')).toBe('whatsapp');
    expect(reasonFix('plan_limit')).toBeNull();
    expect(accountErrorText(en, { code: 190, title: 'Access token expired', details: null })).toBe(
      'The access token has expired or was revoked: connect the number again.',
    );
    expect(accountErrorText(en, { code: null, title: 'Unknown', details: null })).toBe('WhatsApp reported: Unknown');
  });
});
