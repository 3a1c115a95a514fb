import type { PersonUser } from '@pawline/api-client';
import { personChanges, personFormOf, validatePersonForm } from './person-form';

const user = { first_name: 'Ada', last_name: 'Lovelace', language: 'en' } as PersonUser;

describe('person data form', () => {
  it('sends only what changed, trimmed', () => {
    const before = personFormOf(user);
    expect(personChanges(before, before)).toEqual({});
    expect(personChanges(before, { ...before, firstName: ' Augusta ', language: 'it' })).toEqual({ first_name: 'Augusta', language: 'it' });
  });

  it('R5.01 requires first and last name', () => {
    expect(validatePersonForm({ firstName: ' ', lastName: '', language: 'en' }, 'Required')).toEqual({
      firstName: 'Required',
      lastName: 'Required',
    });
  });
});
