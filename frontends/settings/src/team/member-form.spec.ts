import type { TeamMember } from '@pawline/api-client';
import { COLOUR_PRESETS } from '@pawline/domain';
import { createMemberRequest, EMPTY_MEMBER_FORM, memberFormOf, presetIndexOf, validateMemberForm } from './member-form';

const member: TeamMember = {
  id: 'm1',
  user_id: 'u1',
  orga_id: 'o1',
  first_name: 'Lia',
  last_name: 'Rossi',
  email: 'lia@example.com',
  username: 'liarossi',
  orga_rank: 3,
  store_override: { s2: 2 },
  employee_status: 0,
  color_scheme: '#0d47a1:#1565c0',
  active: true,
  address: null,
  city: 'Roma',
  zip_code: null,
  country: 'IT',
  fon_nr: '+39 06 1234567',
};

describe('member form', () => {
  it('R5.01 R5.02 R5.05 names the required, e-mail and phone messages per field', () => {
    const errors = validateMemberForm({ ...EMPTY_MEMBER_FORM, email: 'nope', fon_nr: '12ab' }, true);
    expect(errors).toEqual({
      first_name: 'validation.required',
      last_name: 'validation.required',
      email: 'validation.invalidEmail',
      fon_nr: 'validation.phoneFormat',
    });
    expect(validateMemberForm({ ...EMPTY_MEMBER_FORM, first_name: 'A', last_name: 'B', email: '' }, true).email).toBe(
      'validation.required',
    );
  });

  it('R3.03 sends the colour scheme as border:card, the rank, the store overrides and employee_status', () => {
    const form = memberFormOf(member);
    expect(presetIndexOf(form)).toBe(0);
    const request = createMemberRequest({ ...form, city: ' ', fon_nr: '' });
    expect(request).toMatchObject({
      color_scheme: '#0d47a1:#1565c0',
      orga_rank: 3,
      store_override: { s2: 2 },
      employee_status: 0,
      city: null,
      fon_nr: null,
      country: 'IT',
      email: 'lia@example.com',
    });
  });

  it('R9.09 a new member starts with the default colours #4c61b4 / #6d81d0, a custom scheme is no preset', () => {
    expect(createMemberRequest(EMPTY_MEMBER_FORM).color_scheme).toBe('#4c61b4:#6d81d0');
    expect(presetIndexOf(EMPTY_MEMBER_FORM)).toBe(-1);
    expect(COLOUR_PRESETS).toHaveLength(8);
  });
});
