import type { Country, CreateTeamMemberRequest, TeamMember, TeamMemberFields } from '@pawline/api-client';
import {
  COLOUR_PRESETS,
  DEFAULT_COLOUR_SCHEME,
  EMPLOYEE_STATUS_GENERAL_ACCESS,
  formatColourScheme,
  isHexColour,
  parseColourScheme,
  RANKS,
  validateEmail,
  validatePhone,
  validateRequired,
} from '@pawline/domain';
import { textOrNull } from '../shared/options';

/** spec §3 organization user as the dialog edits it (strings for inputs). */
export type MemberForm = {
  first_name: string;
  last_name: string;
  email: string;
  address: string;
  city: string;
  zip_code: string;
  country: Country | '';
  fon_nr: string;
  border: string;
  card: string;
  orga_rank: number;
  /** store id → rank; a store without an entry follows the organization rank */
  overrides: Record<string, number>;
  /** spec §3: employee_status 1 = regular employee (every store when there are no overrides) */
  regular_employee: boolean;
};

export type MemberField = keyof MemberForm;
/** catalogue keys (validation.* from libs/domain, settings.* for our own) */
export type MemberErrors = Partial<Record<MemberField, string>>;

export const EMPTY_MEMBER_FORM: MemberForm = {
  first_name: '',
  last_name: '',
  email: '',
  address: '',
  city: '',
  zip_code: '',
  country: '',
  fon_nr: '',
  border: DEFAULT_COLOUR_SCHEME.border,
  card: DEFAULT_COLOUR_SCHEME.card,
  orga_rank: RANKS.worker,
  overrides: {},
  regular_employee: true,
};

export function memberFormOf(member: TeamMember): MemberForm {
  const scheme = parseColourScheme(member.color_scheme);
  return {
    first_name: member.first_name,
    last_name: member.last_name,
    email: member.email,
    address: member.address ?? '',
    city: member.city ?? '',
    zip_code: member.zip_code ?? '',
    country: (member.country ?? '') as Country | '',
    fon_nr: member.fon_nr ?? '',
    border: scheme.border,
    card: scheme.card,
    orga_rank: member.orga_rank,
    overrides: { ...member.store_override },
    regular_employee: member.employee_status === EMPLOYEE_STATUS_GENERAL_ACCESS,
  };
}

/** Index of the preset the colours match, or -1 for a custom scheme (R9.09: 8 presets). */
export function presetIndexOf(form: Pick<MemberForm, 'border' | 'card'>): number {
  return COLOUR_PRESETS.findIndex(
    (p) => p.border.toLowerCase() === form.border.toLowerCase() && p.card.toLowerCase() === form.card.toLowerCase(),
  );
}

/** Field-level messages of spec §5 (R5.01 required, R5.02 e-mail, R5.05 phone). */
export function validateMemberForm(form: MemberForm, isNew: boolean): MemberErrors {
  const errors: MemberErrors = {};
  const firstName = validateRequired(form.first_name);
  if (firstName) errors.first_name = firstName;
  const lastName = validateRequired(form.last_name);
  if (lastName) errors.last_name = lastName;
  if (isNew) {
    const email = validateRequired(form.email) ?? validateEmail(form.email);
    if (email) errors.email = email;
  }
  const phone = validatePhone(form.fon_nr);
  if (phone) errors.fon_nr = phone;
  if (!isHexColour(form.border)) errors.border = 'settings.colourInvalid';
  if (!isHexColour(form.card)) errors.card = 'settings.colourInvalid';
  return errors;
}

export function memberFields(form: MemberForm): TeamMemberFields {
  return {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    address: textOrNull(form.address),
    city: textOrNull(form.city),
    zip_code: textOrNull(form.zip_code),
    country: form.country === '' ? null : form.country,
    fon_nr: textOrNull(form.fon_nr),
    color_scheme: formatColourScheme({ border: form.border, card: form.card }),
    orga_rank: form.orga_rank,
    store_override: { ...form.overrides },
    employee_status: form.regular_employee ? EMPLOYEE_STATUS_GENERAL_ACCESS : 0,
  };
}

export function createMemberRequest(form: MemberForm): CreateTeamMemberRequest {
  return { ...memberFields(form), email: form.email.trim() };
}

export function sameMemberForm(a: MemberForm, b: MemberForm): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
