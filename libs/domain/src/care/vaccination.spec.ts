import { isVaccine } from '@pawline/contracts';
import {
  blocksGrooming,
  requiredVaccines,
  vaccinationDatesProblem,
  vaccinationStatus,
  vaccineKey,
  vaccinesFor,
  type VaccineRequirement,
} from './vaccination';

const BATH = '11111111-1111-4111-8111-111111111111';
const CUT = '22222222-2222-4222-8222-222222222222';

describe('issue 31 a pet vaccinations against a store requirement', () => {
  it('is missing without any record, and missing while the only record waits for verification', () => {
    expect(vaccinationStatus([], ['rabies'], '2027-03-10')).toEqual({
      state: 'missing',
      vaccines: [{ vaccine: 'rabies', state: 'missing', valid_until: null, awaiting_verification: false }],
    });
    const waiting = vaccinationStatus([{ vaccine: 'rabies', valid_until: '2028-01-01', verified: false }], ['rabies'], '2027-03-10');
    expect(waiting.state).toBe('missing');
    expect(waiting.vaccines[0]?.awaiting_verification).toBe(true);
  });

  it('is valid through its valid-until day and expired the day after', () => {
    const records = [{ vaccine: 'rabies', valid_until: '2027-03-10', verified: true }];
    expect(vaccinationStatus(records, ['rabies'], '2027-03-10', 0).state).toBe('expiring');
    expect(vaccinationStatus(records, ['rabies'], '2027-03-11', 0).state).toBe('expired');
    expect(vaccinationStatus(records, ['rabies'], '2027-02-01', 0).state).toBe('ok');
  });

  it('is expiring within N days of the day asked (30 by default), across a month and a leap day', () => {
    const records = [{ vaccine: 'kennel_cough', valid_until: '2028-03-01', verified: true }];
    // 2028 is a leap year: 31 January + 30 days is 1 March
    expect(vaccinationStatus(records, ['kennel_cough'], '2028-01-31').state).toBe('expiring');
    expect(vaccinationStatus(records, ['kennel_cough'], '2028-01-30').state).toBe('ok');
    expect(vaccinationStatus(records, ['kennel_cough'], '2028-01-30', 31).state).toBe('expiring');
  });

  it('takes the latest verified record of a vaccine, so an old expired one does not count against a renewed one', () => {
    const records = [
      { vaccine: 'rabies', valid_until: '2026-05-01', verified: true },
      { vaccine: 'rabies', valid_until: '2029-05-01', verified: true },
    ];
    expect(vaccinationStatus(records, ['rabies'], '2027-06-01')).toEqual({
      state: 'ok',
      vaccines: [{ vaccine: 'rabies', state: 'ok', valid_until: '2029-05-01', awaiting_verification: false }],
    });
  });

  it('says a renewal waits for verification while the verified one has expired', () => {
    const records = [
      { vaccine: 'rabies', valid_until: '2027-01-01', verified: true },
      { vaccine: 'rabies', valid_until: '2030-01-01', verified: false },
    ];
    const status = vaccinationStatus(records, ['rabies'], '2027-06-01');
    expect(status.vaccines[0]).toEqual({ vaccine: 'rabies', state: 'expired', valid_until: '2027-01-01', awaiting_verification: true });
  });

  it('answers the worst state of all required vaccines, and ok when nothing is required', () => {
    const records = [
      { vaccine: 'rabies', valid_until: '2029-01-01', verified: true },
      { vaccine: 'distemper_parvo', valid_until: '2027-01-01', verified: true },
    ];
    expect(vaccinationStatus(records, ['rabies', 'distemper_parvo'], '2027-06-01').state).toBe('expired');
    expect(vaccinationStatus(records, ['rabies', 'distemper_parvo', 'kennel_cough'], '2027-06-01').state).toBe('missing');
    expect(vaccinationStatus(records, [], '2027-06-01')).toEqual({ state: 'ok', vaccines: [] });
  });

  it('matches a vaccine by name whatever its case and spaces', () => {
    expect(vaccineKey('other: Lyme  Disease ')).toBe('other:lyme disease');
    const records = [{ vaccine: 'other:Lyme disease', valid_until: '2029-01-01', verified: true }];
    expect(vaccinationStatus(records, ['other:LYME DISEASE'], '2027-06-01').state).toBe('ok');
  });

  it('requires of a pet what its type and the appointment treatments ask (dog types 0 and 1 alike)', () => {
    const requirements: VaccineRequirement[] = [
      { pet_type: 0, vaccine: 'rabies', treatment_ids: [] },
      { pet_type: 1, vaccine: 'kennel_cough', treatment_ids: [BATH] },
      { pet_type: 2, vaccine: 'feline_distemper', treatment_ids: [] },
    ];
    expect(requiredVaccines(requirements, 1, [CUT])).toEqual(['rabies']);
    expect(requiredVaccines(requirements, 0, [CUT, BATH])).toEqual(['rabies', 'kennel_cough']);
    expect(requiredVaccines(requirements, 2, [BATH])).toEqual(['feline_distemper']);
    expect(requiredVaccines(requirements, 3, [BATH])).toEqual([]);
    // treatments unknown (a pet's page): everything its type may be asked
    expect(requiredVaccines(requirements, 0, null)).toEqual(['rabies', 'kennel_cough']);
  });

  it('blocks grooming when missing or expired, not when expiring', () => {
    expect(['ok', 'expiring', 'expired', 'missing'].map((s) => blocksGrooming(s as 'ok'))).toEqual([false, false, true, true]);
  });

  it('knows the vaccines per pet type, accepts other vaccines by name and refuses an end before the start', () => {
    expect(vaccinesFor(1)).toContain('kennel_cough');
    expect(vaccinesFor(2)).not.toContain('kennel_cough');
    expect(vaccinesFor(3)).toEqual(['myxomatosis', 'rabbit_haemorrhagic']);
    expect([
      isVaccine('rabies'),
      isVaccine('other:Lyme'),
      isVaccine('other:  '),
      isVaccine('flu'),
      isVaccine(`other:${'x'.repeat(61)}`),
    ]).toEqual([true, true, false, false, false]);
    expect(vaccinationDatesProblem('2027-01-10', '2027-01-09')).toBe('valid_until_before_given_on');
    expect(vaccinationDatesProblem('2027-01-10', '2027-01-10')).toBeNull();
  });
});
