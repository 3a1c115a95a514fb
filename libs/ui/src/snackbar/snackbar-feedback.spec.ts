import { CATALOGUES, registerCatalogues, type Language } from '@pawline/i18n';
import { snackbarFeedback } from './snackbar-feedback';
import { SNACKBAR_TYPE } from './snackbar-store';

for (const [language, catalogue] of Object.entries(CATALOGUES)) registerCatalogues(language as Language, catalogue);

describe('snackbarFeedback', () => {
  it('R4.05 says a write went through with a success snackbar and a failure with an error snackbar in the user language', () => {
    const notify = jest.fn();
    const feedback = snackbarFeedback({ notify, language: 'it' });
    feedback.success('Bozza salvata');
    feedback.failure(Object.assign(new Error('Failed to fetch'), { status: 0, code: 'network' }));
    expect(notify.mock.calls).toEqual([
      [SNACKBAR_TYPE.success, 'Bozza salvata'],
      [SNACKBAR_TYPE.error, CATALOGUES.it.errors?.network],
    ]);
  });
});
