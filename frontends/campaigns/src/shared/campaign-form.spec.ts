import { EMPTY_FORM, fieldsOf, filtersOf, formProblems } from './campaign-form';

describe('the campaign form', () => {
  it('R1.07 turns the filter inputs into the audience filters: empty is no filter, cities split and trimmed', () => {
    expect(
      filtersOf({ ...EMPTY_FORM, monthsAbsent: '3', maxDeclines: '0', cities: ' Milano, Roma ,, Milano', excludedTagIds: ['t1'] }),
    ).toEqual({
      months_absent: 3,
      recent_visits: null,
      min_visits: null,
      max_declines: 0,
      excluded_tag_ids: ['t1'],
      cities: ['Milano', 'Roma'],
    });
  });

  it('R1.07 needs a name, and a future date unless it goes now', () => {
    const now = new Date('2026-11-24T10:00:00');
    expect(formProblems({ ...EMPTY_FORM }, now)).toEqual({ name: 'campaigns.required' });
    expect(formProblems({ ...EMPTY_FORM, name: 'Autunno', when: 'date', sendAt: '2026-11-20T09:00' }, now)).toEqual({
      sendAt: 'campaigns.sendAtPast',
    });
    expect(formProblems({ ...EMPTY_FORM, name: 'Autunno', when: 'date', sendAt: '2026-12-01T09:00', minVisits: 'two' }, now)).toEqual({
      minVisits: 'campaigns.wholeNumber',
    });
    expect(fieldsOf({ ...EMPTY_FORM, name: ' Autunno ', when: 'now', sendAt: '2026-12-01T09:00' })).toMatchObject({
      name: 'Autunno',
      send_at: null,
    });
  });
});
