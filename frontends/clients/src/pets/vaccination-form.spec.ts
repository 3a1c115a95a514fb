import { emptyVaccinationForm, validateVaccinationForm, vaccinationRequest } from './vaccination-form';

describe('issue 31 the add-a-vaccination form', () => {
  it('asks for the dates and refuses an end before the start', () => {
    expect(validateVaccinationForm(emptyVaccinationForm('rabies'))).toEqual({
      given_on: 'validation.required',
      valid_until: 'validation.required',
    });
    expect(validateVaccinationForm({ vaccine: 'rabies', otherName: '', given_on: '2027-02-01', valid_until: '2027-01-31' })).toEqual({
      valid_until: 'validation.validUntilBeforeGivenOn',
    });
  });

  it('sends another vaccine by its typed name, and asks for the name when none is typed', () => {
    const form = { vaccine: 'other', otherName: ' Lyme ', given_on: '2027-02-01', valid_until: '2028-02-01' };
    expect(validateVaccinationForm(form)).toEqual({});
    expect(vaccinationRequest(form)).toEqual({ vaccine: 'other:Lyme', given_on: '2027-02-01', valid_until: '2028-02-01' });
    expect(validateVaccinationForm({ ...form, otherName: '  ' })).toEqual({ vaccine: 'validation.required' });
  });
});
