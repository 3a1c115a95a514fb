// Shapes of the /api/v1 JSON the frontends use (snake_case as on the wire, spec §3).

export type Language = 'en' | 'it' | 'de' | 'fr';

export const LANGUAGES: readonly Language[] = ['en', 'it', 'de', 'fr'];

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
};

export type OrganizationUser = {
  id: string;
  user_id?: string;
  first_name: string;
  last_name: string;
  email?: string;
  orga_rank?: number;
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
