// Shapes of the /api/v1 JSON the frontends use (snake_case as on the wire, spec §3).

import type { Language } from '@pawline/contracts';

// the one list of languages (libs/contracts/src/core/languages.ts), re-exported for the frontends
export { LANGUAGE_NAMES, LANGUAGES, type Language } from '@pawline/contracts';

// spec §9: countries offered at registration (UK is sent as its ISO code GB).
export const COUNTRIES = ['GB', 'IT', 'DE', 'FR', 'ES', 'CH'] as const;
export type Country = (typeof COUNTRIES)[number];

export type PersonUser = {
  id: string;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  language: Language;
  orga_id: string;
  rating_enable: boolean | null;
  last_rating_time: string | null;
  email_verified: boolean;
  /** R1.14: a new address waiting for verification; the old one stays in use until then. */
  pending_email?: string | null;
  created_at: string;
};

export type Store = {
  id: string;
  name: string;
  address?: string | null;
  city?: string | null;
  zip_code?: string | null;
  country?: string | null;
  phone?: string | null;
  address_from_orga?: boolean;
  time_zone?: string;
};

export type OrganizationUser = {
  id: string;
  user_id?: string;
  first_name: string;
  last_name: string;
  email?: string;
  username?: string;
  orga_rank?: number;
  /** store id → rank (R3.03) */
  store_override?: Record<string, number>;
  employee_status?: number;
  color_scheme?: string;
  active?: boolean;
};

export type Organization = {
  id: string;
  name: string;
  tier: number;
  created_at: string;
  address?: string | null;
  city?: string | null;
  zip_code?: string | null;
  country?: string | null;
  subscribed_until?: string | null;
  address_from_owner?: boolean;
  share_pets?: boolean;
  /** HTML, sanitized by the server (R2.12) */
  admin_notification?: string | null;
  min_rank_read_store?: number;
  min_rank_write_store?: number;
  min_rank_read_pets?: number;
  min_rank_write_pets?: number;
  stores: Store[];
  users: OrganizationUser[];
};

export type RegisterRequest = {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  organization_name: string;
  country: Country;
  language: Language;
  promo_code?: string;
  accept_terms: boolean;
  accept_privacy: boolean;
};

export type Session = { access_token: string; expires_at: string };

export type UpdateUserRequest = { first_name?: string; last_name?: string; language?: Language };

export type ChangePasswordRequest = { current_password: string; password: string };

// spec §3 / R3.17: a realtime message as the gateway pushes it.
export type RealtimeMessage = {
  scope: string;
  channel: string;
  store_id: string | null;
  data: unknown;
  event: string;
  user: string | null;
  device: string | null;
};

/** spec §3 organization user with the contact data administrators see (GET /orga/{orga}/users). */
export type TeamMember = {
  id: string;
  user_id: string;
  orga_id: string;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  orga_rank: number;
  store_override: Record<string, number>;
  employee_status: number;
  color_scheme: string;
  active: boolean;
  address: string | null;
  city: string | null;
  zip_code: string | null;
  country: string | null;
  fon_nr: string | null;
};

export type TeamMemberFields = {
  first_name: string;
  last_name: string;
  address?: string | null;
  city?: string | null;
  zip_code?: string | null;
  country?: Country | null;
  fon_nr?: string | null;
  color_scheme?: string;
  orga_rank: number;
  store_override?: Record<string, number>;
  employee_status?: number;
};

export type CreateTeamMemberRequest = TeamMemberFields & { email: string; language?: Language };

/** The answer of a create: the first password is shown once (R3.03). */
export type CreatedTeamMember = TeamMember & { first_password: string };

export type StoreFields = {
  name: string;
  address?: string | null;
  city?: string | null;
  zip_code?: string | null;
  country: Country;
  address_from_orga: boolean;
  phone?: string | null;
  /** IANA zone; the server picks one by country when omitted */
  time_zone?: string;
};

export type OrganizationDataRequest = {
  name?: string;
  address?: string | null;
  city?: string | null;
  zip_code?: string | null;
  country?: Country;
  address_from_owner?: boolean;
};

export type OrganizationSettingsRequest = {
  min_rank_read_store?: number;
  min_rank_write_store?: number;
  min_rank_read_pets?: number;
  min_rank_write_pets?: number;
  share_pets?: boolean;
  admin_notification?: string | null;
};

export type AutologinLink = { url: string; expires_at: string };

export type RatingRequest = { rating: number; annotation?: string };
