import { existsSync } from 'node:fs';
import path from 'node:path';
import { organizationOf, organizationUserOf, storeOf, type Organization } from '@pawline/api-client';
import { createTranslator } from '@pawline/i18n';
import {
  AUDIENCES,
  drawerLinks,
  federationNameOf,
  guardVerdict,
  pathIdsWellFormed,
  manifestMounts,
  manifestProblems,
  remoteManifest,
  routesModuleOf,
  STORE_AUDIENCES,
  type Audience,
  type RemoteManifest,
  type Viewer,
} from './remote-manifest';

const orga: Organization = organizationOf({
  id: 'o1',
  name: 'Salon',
  tier: 1,
  stores: [storeOf({ id: 's1', name: 'Centro' }), storeOf({ id: 's2', name: 'Mare' })],
  users: [
    organizationUserOf({ id: 'm0', user_id: 'owner', orga_rank: 0, store_override: {}, employee_status: 1 }),
    organizationUserOf({ id: 'm1', user_id: 'lia', orga_rank: 3, store_override: { s2: 3 }, employee_status: 1 }),
    organizationUserOf({ id: 'm2', user_id: 'ugo', orga_rank: 3, store_override: {}, employee_status: 0 }),
  ],
});

// the shell's own remotes: generated ones join the manifest without changing what these tests pin
const builtIn: RemoteManifest = {
  remotes: remoteManifest.remotes.filter((remote) => ['calendar', 'clients', 'settings'].includes(remote.name)),
};

const as = (userId: string, organization: Organization = orga): Viewer => ({
  user: { id: userId, orga_id: organization.id },
  orga: organization,
});
const ids = (viewer: Viewer, storeId: string | null) => drawerLinks(viewer, storeId, builtIn).map((link) => link.id);

describe('the remotes manifest', () => {
  it('is well formed: kebab-case names, unique paths and drawer ids, known audiences and icons', () => {
    expect(manifestProblems(remoteManifest)).toEqual([]);
  });

  it('names a built remote for every entry (frontends/<name>/rspack.config.mjs)', () => {
    const frontends = path.resolve(__dirname, '../../..');
    for (const remote of remoteManifest.remotes) expect(existsSync(path.join(frontends, remote.name, 'rspack.config.mjs'))).toBe(true);
  });

  it('labels every drawer entry with a text of the catalogues', () => {
    const t = createTranslator('en');
    for (const entry of remoteManifest.remotes.flatMap((remote) => remote.drawer)) expect(t.has(entry.label)).toBe(true);
  });

  it('mounts the routes the shell has always had, each with its remote module', () => {
    expect(manifestMounts(builtIn).map((mount) => `${mount.path} ${mount.module} ${mount.export} ${mount.who}`)).toEqual([
      '/:orgaId/store/:storeId calendar/routes CalendarRoutes store_reader',
      '/:orgaId/store/:storeId/recurring calendar/routes CalendarRoutes store_reader',
      '/:orgaId/store/:storeId/day-sheet calendar/routes CalendarRoutes store_reader',
      '/:orgaId/pet clients/routes ClientsRoutes member',
      '/:orgaId/store/:storeId/customers clients/routes ClientsRoutes store_reader',
      '/:orgaId/store/:storeId/customer/:customerId clients/routes ClientsRoutes pet_writer',
      '/:orgaId/store/:storeId/pet clients/routes ClientsRoutes store_reader',
      '/:orgaId/store/:storeId/pet/:petId clients/routes ClientsRoutes pet_writer',
      '/user/* settings/routes SettingsRoutes signed_in',
      '/:orgaId/settings/* settings/routes OrgaSettingsRoutes orga_admin',
      '/:orgaId/store settings/routes StoresRoutes member',
      '/:orgaId/payment settings/routes PaymentRoutes orga_admin',
      '/:orgaId/adminV2/plan settings/routes PlanRoutes orga_admin',
    ]);
  });

  it('loads a kebab-case remote by its federation name', () => {
    expect(federationNameOf('pet-gallery')).toBe('petGallery');
    expect(routesModuleOf('pet-gallery')).toBe('petGallery/routes');
    expect(routesModuleOf('settings')).toBe('settings/routes');
  });

  it('finds what is wrong with a bad entry', () => {
    const bad = {
      remotes: [
        {
          name: 'Gallery',
          routes: [{ path: 'gallery', export: 'GalleryRoutes', who: 'store_reader' }],
          drawer: [{ id: 'user', to: '/:orgaId/store/:storeId/gallery', label: 'gallery', icon: 'camera', who: 'everyone', order: 1 }],
        },
        {
          name: 'settings',
          routes: [],
          drawer: [{ id: 'user', to: '/user', label: 'shell.navUser', icon: 'person', who: 'signed_in', order: 9 }],
        },
      ],
    } as unknown as RemoteManifest;
    expect(manifestProblems(bad)).toEqual([
      'remote "Gallery" is not kebab-case',
      'Gallery: route "gallery" must start with /',
      'Gallery: route "gallery" guards a store but has no :storeId',
      'Gallery: route "gallery" guards an organization but has no :orgaId',
      'Gallery: drawer "user" has an unknown audience "everyone"',
      'Gallery: drawer "user" has an unknown icon "camera"',
      'Gallery: drawer "user" links to a store but is not for a store audience',
      `Gallery: drawer "user" label is not a 'namespace.key'`,
      'settings: drawer id "user" is used twice',
    ]);
  });
});

describe('the left drawer from the manifest', () => {
  it('R6.06 gives an organization administrator in a store the store pages, Stores, Team, Plan, Settings and the account, in order', () => {
    expect(drawerLinks(as('owner'), 's1', builtIn).map((link) => [link.id, link.to])).toEqual([
      ['store', '/o1/store/s1'],
      ['customers', '/o1/store/s1/customers'],
      ['pets', '/o1/store/s1/pet'],
      ['recurring', '/o1/store/s1/recurring'],
      ['stores', '/o1/store'],
      ['team', '/o1/settings/users'],
      ['plan', '/o1/adminV2/plan'],
      ['settings', '/o1/settings'],
      ['user', '/user'],
    ]);
  });

  it('R6.06 leaves the administrator entries out for staff', () => {
    expect(ids(as('lia'), 's2')).toEqual(['store', 'customers', 'pets', 'recurring', 'stores', 'user']);
  });

  it('R6.04 shows store entries only with a store the user reaches', () => {
    expect(ids(as('ugo'), null)).toEqual(['stores', 'user']);
    expect(ids(as('lia'), 's1')).toEqual(['stores', 'user']);
  });

  it('marks a premium entry while the organization is on tier 0 only', () => {
    const manifest: RemoteManifest = {
      remotes: [
        {
          name: 'messages',
          routes: [],
          drawer: [
            {
              id: 'messages',
              to: '/:orgaId/store/:storeId/messages',
              label: 'shell.navMessages',
              icon: 'paw',
              who: 'store_reader',
              order: 450,
              premium: true,
            },
          ],
        },
      ],
    };
    expect(drawerLinks(as('owner', { ...orga, tier: 0 }), 's1', manifest)).toEqual([
      { id: 'messages', to: '/o1/store/s1/messages', label: 'shell.navMessages', icon: 'paw', premium: true },
    ]);
    expect(drawerLinks(as('owner'), 's1', manifest)[0]?.premium).toBe(false);
  });
});

describe('the messages entry of the shipped manifest', () => {
  it('R2.03 is marked premium while the organization is on tier 0, and not on a paid tier', () => {
    const messages = (o: Organization) => drawerLinks(as('owner', o), 's1').find((link) => link.id === 'messages');
    expect(messages({ ...orga, tier: 0 })).toEqual({
      id: 'messages',
      to: '/o1/store/s1/messages',
      label: 'shell.navMessages',
      icon: 'chat',
      premium: true,
    });
    expect(messages({ ...orga, tier: 2 })?.premium).toBe(false);
  });
});

describe('the campaigns and analyses entries of the shipped manifest', () => {
  const links = (viewer: Viewer, storeId: string) => drawerLinks(viewer, storeId).map((link) => link.id);
  // a worker of the organization raised to store administrator in s1 only
  const storeAdmin: Organization = {
    ...orga,
    users: [...orga.users, organizationUserOf({ id: 'm3', user_id: 'sara', orga_rank: 3, store_override: { s1: 1 }, employee_status: 1 })],
  };

  it('R2.03 marks marketing and store analyses premium while the organization is on tier 0, and not on a paid tier', () => {
    for (const id of ['campaigns', 'analyses']) {
      const link = (o: Organization) => drawerLinks(as('owner', o), 's1').find((entry) => entry.id === id);
      expect(link({ ...orga, tier: 0 })?.premium).toBe(true);
      expect(link({ ...orga, tier: 2 })?.premium).toBe(false);
    }
  });

  it('R2.02 R6.06 gives marketing and store analyses to store administrators, the organization analytics to organization administrators, none to staff', () => {
    expect(links(as('owner'), 's1')).toEqual(expect.arrayContaining(['campaigns', 'analyses', 'orga-analyses', 'settings']));
    const sara = links(as('sara', storeAdmin), 's1');
    expect(sara).toEqual(expect.arrayContaining(['campaigns', 'analyses']));
    expect(sara).not.toContain('orga-analyses');
    expect(sara).not.toContain('settings');
    expect(links(as('sara', storeAdmin), 's2')).not.toContain('campaigns');
    expect(links(as('lia'), 's2').filter((id) => ['campaigns', 'analyses', 'orga-analyses', 'settings'].includes(id))).toEqual([]);
  });
});

describe('ids in the path', () => {
  it('takes only id-shaped organization and store segments, so /no-such-page is not an organization', () => {
    const orga = '16f7a484-d1a9-4966-92b6-d00ff23552b8';
    expect(pathIdsWellFormed(orga, undefined)).toBe(true);
    expect(pathIdsWellFormed(orga, 'e49ebd9a-f22d-4c33-af1e-3de918cf7800')).toBe(true);
    expect(pathIdsWellFormed(undefined, undefined)).toBe(true);
    expect(pathIdsWellFormed('no-such-page', undefined)).toBe(false);
    expect(pathIdsWellFormed(orga, 'store')).toBe(false);
  });
});

describe('route guards from the manifest (R6.05: a failed guard goes to /)', () => {
  it('lets anyone signed in reach a signed_in route', () => {
    expect(guardVerdict('signed_in', as('ugo'), undefined, undefined)).toEqual({ allow: true });
  });

  it('R6.05 sends a user of another organization home, for every audience but signed_in', () => {
    for (const who of AUDIENCES.filter((audience) => audience !== 'signed_in')) {
      expect(guardVerdict(who, as('owner'), 'o2', 's1')).toEqual({ allow: false, to: 'home' });
      // the user's own organization loaded, the path naming another
      expect(guardVerdict(who, { user: { id: 'owner', orga_id: 'o2' }, orga }, 'o1', 's1')).toEqual({ allow: false, to: 'home' });
      expect(guardVerdict(who, as('owner'), undefined, 's1')).toEqual({ allow: false, to: 'home' });
    }
  });

  it('answers a store the organization does not have with 404 and one the user does not reach with home', () => {
    expect(guardVerdict('store_reader', as('owner'), 'o1', 's9')).toEqual({ allow: false, to: 'not_found' });
    expect(guardVerdict('store_reader', as('lia'), 'o1', 's1')).toEqual({ allow: false, to: 'home' });
    expect(guardVerdict('store_reader', as('lia'), 'o1', 's2')).toEqual({ allow: true });
  });

  it('R2.02 lets only administrators through the administrator guards', () => {
    expect(guardVerdict('orga_admin', as('owner'), 'o1', undefined)).toEqual({ allow: true });
    expect(guardVerdict('orga_admin', as('lia'), 'o1', undefined)).toEqual({ allow: false, to: 'home' });
    expect(guardVerdict('store_admin', as('owner'), 'o1', 's1')).toEqual({ allow: true });
    expect(guardVerdict('store_admin', as('lia'), 'o1', 's2')).toEqual({ allow: false, to: 'home' });
  });
});

describe('the booking entry of the shipped manifest', () => {
  const booking = (o: Organization) => drawerLinks(as('owner', o), 's1').find((link) => link.id === 'booking');
  const mount = manifestMounts().find((m) => m.remote === 'booking-setup');

  it('R2.03 shows booking when tier is above 1 or equal to 0, hides it at tier 1, and marks it premium at tier 0', () => {
    expect(booking({ ...orga, tier: 0 })).toEqual({
      id: 'booking',
      to: '/o1/store/s1/booking',
      label: 'booking-setup.navLabel',
      icon: 'store',
      premium: true,
    });
    expect(booking({ ...orga, tier: 1 })).toBeUndefined();
    expect(booking({ ...orga, tier: 2 })?.premium).toBe(false);
    expect(booking({ ...orga, tier: 3 })?.to).toBe('/o1/store/s1/booking');
  });

  it('R2.03 R6.05 the booking route sends an organization on tier 1 home and lets the others in', () => {
    expect(mount?.path).toBe('/:orgaId/store/:storeId/booking/*');
    const verdict = (tier: number, userId = 'owner') =>
      guardVerdict(mount?.who ?? 'signed_in', as(userId, { ...orga, tier }), 'o1', 's1', mount?.hiddenAtTiers);
    expect(verdict(1)).toEqual({ allow: false, to: 'home' });
    expect(verdict(0)).toEqual({ allow: true });
    expect(verdict(2)).toEqual({ allow: true });
    // the store guard still applies on the tiers that show booking
    expect(guardVerdict('store_reader', as('lia', { ...orga, tier: 2 }), 'o1', 's1', mount?.hiddenAtTiers)).toEqual({
      allow: false,
      to: 'home',
    });
  });

  it('finds a hiddenAtTiers that is not a list of tiers', () => {
    const bad = {
      remotes: [
        {
          name: 'gallery',
          routes: [{ path: '/:orgaId/store/:storeId/gallery', export: 'GalleryRoutes', who: 'store_reader', hiddenAtTiers: [-1] }],
          drawer: [
            {
              id: 'gallery',
              to: '/:orgaId/store/:storeId/gallery',
              label: 'shell.navStore',
              icon: 'store',
              who: 'store_reader',
              order: 1,
              hiddenAtTiers: 1,
            },
          ],
        },
      ],
    } as unknown as RemoteManifest;
    expect(manifestProblems(bad)).toEqual([
      'gallery: route "/:orgaId/store/:storeId/gallery" hiddenAtTiers is not a list of tiers',
      'gallery: drawer "gallery" hiddenAtTiers is not a list of tiers',
    ]);
  });
});

describe('store and pet access guards (spec §6: rank at most the organization minimum, R6.05: else /)', () => {
  // reading the store needs worker (3), writing it moderator (2), writing pets moderator (2)
  const ranked: Organization = {
    ...orga,
    min_rank_read_store: 3,
    min_rank_write_store: 2,
    min_rank_read_pets: 3,
    min_rank_write_pets: 2,
    users: [
      organizationUserOf({ id: 'm0', user_id: 'owner', orga_rank: 0, store_override: {}, employee_status: 0 }),
      organizationUserOf({ id: 'm1', user_id: 'mara', orga_rank: 2, store_override: {}, employee_status: 1 }),
      organizationUserOf({ id: 'm2', user_id: 'wil', orga_rank: 3, store_override: {}, employee_status: 1 }),
      organizationUserOf({ id: 'm3', user_id: 'tea', orga_rank: 4, store_override: {}, employee_status: 1 }),
      // raised to moderator in s1 only, and reaching only s1
      organizationUserOf({ id: 'm4', user_id: 'dino', orga_rank: 3, store_override: { s1: 2 }, employee_status: 1 }),
      organizationUserOf({ id: 'm5', user_id: 'gone', orga_rank: 1, store_override: {}, employee_status: 1, active: false }),
    ],
  };
  const verdict = (who: Audience, userId: string, storeId = 's1') => guardVerdict(who, as(userId, ranked), 'o1', storeId);
  const allowed = (who: Audience, storeId = 's1') =>
    ['owner', 'mara', 'wil', 'tea', 'dino', 'gone'].filter((userId) => verdict(who, userId, storeId).allow);

  it('R6.05 store read: rank at most min_rank_read_store in a store the user reaches', () => {
    expect(allowed('store_reader')).toEqual(['owner', 'mara', 'wil', 'dino']);
    expect(verdict('store_reader', 'tea')).toEqual({ allow: false, to: 'home' });
    // dino's overrides keep him out of s2 (R6.04)
    expect(allowed('store_reader', 's2')).toEqual(['owner', 'mara', 'wil']);
  });

  it('R6.05 store write: rank at most min_rank_write_store, the store override counting in its store', () => {
    expect(allowed('store_writer')).toEqual(['owner', 'mara', 'dino']);
    expect(verdict('store_writer', 'wil')).toEqual({ allow: false, to: 'home' });
    expect(allowed('store_writer', 's2')).toEqual(['owner', 'mara']);
  });

  it('R6.05 pet write: rank at most min_rank_write_pets', () => {
    expect(allowed('pet_writer')).toEqual(['owner', 'mara', 'dino']);
    expect(verdict('pet_writer', 'tea')).toEqual({ allow: false, to: 'home' });
    expect(allowed('pet_writer', 's2')).toEqual(['owner', 'mara']);
    // everyone may write pets when the organization lets worker2 do it
    expect(
      ['wil', 'tea'].map((userId) => guardVerdict('pet_writer', as(userId, { ...ranked, min_rank_write_pets: 4 }), 'o1', 's1').allow),
    ).toEqual([true, true]);
  });

  it('R6.05 organization and store administrators; a deactivated user passes no store or administrator guard', () => {
    expect(allowed('orga_admin')).toEqual(['owner']);
    expect(allowed('store_admin')).toEqual(['owner']);
    expect(allowed('member')).toEqual(['owner', 'mara', 'wil', 'tea', 'dino', 'gone']);
  });

  it('answers every store guard with 404 for a store the organization does not have', () => {
    for (const who of STORE_AUDIENCES) expect(verdict(who, 'owner', 's9')).toEqual({ allow: false, to: 'not_found' });
  });

  it('R6.05 the shipped routes: a worker who may read but not write pets is sent home from the pet and customer pages only', () => {
    const whoOf = (routePath: string) => manifestMounts().find((mount) => mount.path === routePath)?.who ?? 'signed_in';
    const pass = (routePath: string, userId: string) => guardVerdict(whoOf(routePath), as(userId, ranked), 'o1', 's1').allow;
    expect(pass('/:orgaId/store/:storeId/pet', 'wil')).toBe(true);
    expect(pass('/:orgaId/store/:storeId/customers', 'wil')).toBe(true);
    expect(pass('/:orgaId/store/:storeId/pet/:petId', 'wil')).toBe(false);
    expect(pass('/:orgaId/store/:storeId/customer/:customerId', 'wil')).toBe(false);
    expect(pass('/:orgaId/store/:storeId/pet/:petId', 'mara')).toBe(true);
    expect(pass('/:orgaId/store/:storeId/booking/*', 'wil')).toBe(false);
    expect(pass('/:orgaId/store/:storeId/booking/*', 'dino')).toBe(true);
    expect(pass('/:orgaId/store', 'tea')).toBe(true);
  });
});
