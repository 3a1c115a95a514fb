import * as identity from './index';

type Contract = { kind: string; subject: string };

const contracts = (Object.values(identity) as unknown[]).filter(
  (value): value is Contract => typeof value === 'object' && value !== null && 'kind' in value && 'subject' in value,
);

describe('identity contracts', () => {
  it('name every subject rpc.identity.<entity>.<verb> or evt.identity.<entity>.<past-verb>.v1, once', () => {
    const subjects = contracts.map((c) => c.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    for (const contract of contracts) {
      if (contract.kind === 'rpc') expect(contract.subject).toMatch(/^rpc\.identity\.[a-z]+\.[a-z-]+$/);
      else expect(contract.subject).toMatch(/^evt\.identity\.[a-z]+\.[a-z]+\.v1$/);
    }
    expect(subjects).toEqual(
      expect.arrayContaining(['rpc.identity.auth.register', 'rpc.identity.member.access', 'evt.identity.session.revoked.v1']),
    );
  });

  const registration = {
    email: 'anna@example.com',
    password: 'long-enough',
    first_name: 'Anna',
    last_name: 'Rossi',
    organization_name: 'Salone',
    country: 'IT',
    language: 'it',
    accept_terms: true,
    accept_privacy: true,
  };

  it('R5.04 R1.13 registration takes the six countries, four languages and an optional promo code', () => {
    expect(identity.registerUserRpc.request.safeParse(registration).success).toBe(true);
    expect(identity.registerUserRpc.request.safeParse({ ...registration, promo_code: 'WINTER' }).success).toBe(true);
    for (const country of ['GB', 'IT', 'DE', 'FR', 'ES', 'CH']) {
      expect(identity.registerUserRpc.request.safeParse({ ...registration, country }).success).toBe(true);
    }
    expect(identity.registerUserRpc.request.safeParse({ ...registration, country: 'UK' }).success).toBe(false);
    expect(identity.registerUserRpc.request.safeParse({ ...registration, language: 'es' }).success).toBe(false);
    expect(identity.registerUserRpc.request.safeParse({ ...registration, password: 'short' }).success).toBe(false);
  });

  it('rejects unknown fields and wrong types', () => {
    expect(identity.registerUserRpc.request.safeParse({ ...registration, tier: 3 }).success).toBe(false);
    expect(identity.registerUserRpc.request.safeParse({ ...registration, accept_terms: 'true' }).success).toBe(false);
    expect(identity.loginRpc.request.safeParse({ username: 'a', password: 'b', admin: true }).success).toBe(false);
    expect(identity.getOrgaRpc.request.safeParse({ orga_id: 'not-a-uuid' }).success).toBe(false);
  });

  it('R1.18 a rating is -1 (No Thanks) or 1 to 5 stars', () => {
    expect([-1, 1, 5].map((rating) => identity.rateAppRpc.request.safeParse({ rating }).success)).toEqual([true, true, true]);
    expect([0, 6, -2, 2.5].map((rating) => identity.rateAppRpc.request.safeParse({ rating }).success)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('identity contracts of accounts, organizations, stores and team', () => {
  const orga_id = '00000000-0000-4000-8000-000000000001';
  const store_id = '00000000-0000-4000-8000-000000000002';

  it('R1.14 R2.04 change-email takes an address; autologin takes u and p only', () => {
    expect(identity.changeEmailRpc.request.safeParse({ email: 'new@example.com', current_password: 'secret' }).success).toBe(true);
    expect(identity.changeEmailRpc.request.safeParse({ email: 'new@example.com' }).success).toBe(false);
    expect(identity.changeEmailRpc.request.safeParse({ email: 'nope' }).success).toBe(false);
    expect(identity.autologinRpc.request.safeParse({ u: 'annarossi', p: 'token' }).success).toBe(true);
    expect(identity.autologinRpc.request.safeParse({ u: 'annarossi', p: 'token', password: 'x' }).success).toBe(false);
    expect(identity.autologinLinkRpc.request.safeParse({ user_id: orga_id }).success).toBe(false);
  });

  it('R3.02 R9.10 organization data takes a country of the spec list; settings take ranks 0–4', () => {
    expect(identity.updateOrgaRpc.request.safeParse({ orga_id, country: 'CH', address_from_owner: true }).success).toBe(true);
    expect(identity.updateOrgaRpc.request.safeParse({ orga_id, country: 'US' }).success).toBe(false);
    expect(identity.updateOrgaRpc.request.safeParse({ orga_id, tier: 3 }).success).toBe(false);
    expect(identity.updateOrgaSettingsRpc.request.safeParse({ orga_id, min_rank_write_pets: 4, share_pets: true }).success).toBe(true);
    expect(identity.updateOrgaSettingsRpc.request.safeParse({ orga_id, min_rank_write_pets: 5 }).success).toBe(false);
  });

  it('the appointment card setting is a JSON list of field names, or null for the default card', () => {
    const card = (appointment_card_custom: unknown) =>
      identity.updateOrgaSettingsRpc.request.safeParse({ orga_id, appointment_card_custom }).success;
    expect(card('["pets","treatments","price"]')).toBe(true);
    expect(card(null)).toBe(true);
    for (const bad of ['pets,price', '[]', '{"fields":["pets"]}', '["pets",7]', '["Pets"]', 42]) expect(card(bad)).toBe(false);
  });

  it('R3.04 R3.03 stores and members are strict; colour schemes are border:card hex', () => {
    const store = { orga_id, name: 'Centro', country: 'IT', address_from_orga: true };
    expect(identity.createStoreRpc.request.safeParse(store).success).toBe(true);
    expect(identity.createStoreRpc.request.safeParse({ ...store, id: store_id }).success).toBe(false);
    expect(identity.updateStoreRpc.request.safeParse({ orga_id, store_id, phone: '' }).success).toBe(true);
    const member = { orga_id, first_name: 'A', last_name: 'B', email: 'a@example.com', orga_rank: 3 };
    expect(
      identity.createMemberRpc.request.safeParse({ ...member, color_scheme: '#4c61b4:#6d81d0', store_override: { [store_id]: 2 } }).success,
    ).toBe(true);
    expect(identity.createMemberRpc.request.safeParse({ ...member, color_scheme: 'blue' }).success).toBe(false);
    expect(identity.createMemberRpc.request.safeParse({ ...member, orga_rank: 5 }).success).toBe(false);
    expect(identity.createMemberRpc.request.safeParse({ ...member, store_override: { 'not-a-store': 2 } }).success).toBe(false);
    expect(identity.updateMemberRpc.request.safeParse({ orga_id, user_id: store_id, active: false }).success).toBe(false);
  });

  it('R1.17 cancellation needs the repeated name', () => {
    expect(identity.cancelOrgaRpc.request.safeParse({ orga_id, confirm_name: 'Salone' }).success).toBe(true);
    expect(identity.cancelOrgaRpc.request.safeParse({ orga_id }).success).toBe(false);
    expect(identity.orgaCancelledEvent.subject).toBe('evt.identity.orga.cancelled.v1');
  });
});

describe('account deletion', () => {
  it('R1.16 has no self-service deletion of an account: only support deletes accounts (Monday to Saturday)', () => {
    const subjects = contracts.map((c) => c.subject);
    expect(subjects.filter((subject) => /^rpc\.identity\.(user|auth)\.(delete|remove|close)/.test(subject))).toEqual([]);
    expect(subjects).toContain('rpc.identity.orga.cancel');
  });
});
