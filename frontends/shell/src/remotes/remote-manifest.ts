import type { Organization, PersonUser } from '@pawline/api-client';
import { hasStoreAccess, isOrgaAdministrator, isStoreAdministrator, visibleStores } from '../access/orga-access';
import manifestJson from './remotes.manifest.json';

/**
 * Who reaches a remote's route or sees its drawer entry (spec §6, R6.05: a failed guard goes to /):
 * signed_in — anyone signed in; member — a member of the path's organization; store_reader — a member
 * who reaches the path's store (R6.04) with the rank to read it (R6.03, min_rank_read_store);
 * store_writer — the same with the rank to write it (min_rank_write_store); pet_writer — the same with the
 * rank to write pets there (min_rank_write_pets); store_admin — an administrator of that store;
 * orga_admin — an organization administrator (R2.02). Which route needs which: the shell's README.
 */
export const AUDIENCES = ['signed_in', 'member', 'store_reader', 'store_writer', 'pet_writer', 'store_admin', 'orga_admin'] as const;
export type Audience = (typeof AUDIENCES)[number];
/** The audiences that guard one store: their routes carry :storeId. */
export const STORE_AUDIENCES: readonly Audience[] = ['store_reader', 'store_writer', 'pet_writer', 'store_admin'];
const STORE_ACCESS_OF = { store_reader: 'store_read', store_writer: 'store_write', pet_writer: 'pet_write' } as const;

export const DRAWER_ICONS = ['store', 'team', 'paw', 'settings', 'person', 'help', 'chat'] as const;
export type DrawerIcon = (typeof DRAWER_ICONS)[number];

/**
 * One route the shell mounts a remote's exported route set at; frame 'store' adds the store heading;
 * hiddenAtTiers: organization tiers the route does not exist for (R2.03: booking at tier 1), the guard sends them home.
 */
export type RemoteRouteEntry = { path: string; export: string; who: Audience; frame?: 'store'; hiddenAtTiers?: number[] };

/** One left-drawer entry; `to` may use :orgaId and :storeId (the current store); order sorts the drawer. */
export type DrawerEntry = {
  id: string;
  to: string;
  /** a libs/i18n key ('namespace.key') */
  label: string;
  icon: DrawerIcon;
  who: Audience;
  order: number;
  /** R2.03: marked premium while the organization's tier is 0 */
  premium?: boolean;
  /** R2.03: not shown while the organization's tier is one of these (booking: shown when tier is above 1 or equal to 0) */
  hiddenAtTiers?: number[];
};

export type RemoteEntry = { name: string; routes: RemoteRouteEntry[]; drawer: DrawerEntry[] };
export type RemoteManifest = { remotes: RemoteEntry[] };

/** The drawer's account area starts here (user page, then the shell's own help at HELP_ORDER). */
export const ACCOUNT_ORDER = 800;
export const HELP_ORDER = 1000;

/** What is wrong with a manifest, as sentences; empty when it is fine. */
export function manifestProblems(manifest: RemoteManifest): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  const paths = new Set<string>();
  const ids = new Set<string>();
  for (const remote of manifest.remotes) {
    if (!/^[a-z][a-z0-9-]*$/.test(remote.name)) problems.push(`remote "${remote.name}" is not kebab-case`);
    if (names.has(remote.name)) problems.push(`remote "${remote.name}" is listed twice`);
    names.add(remote.name);
    for (const route of remote.routes) {
      if (!route.path.startsWith('/')) problems.push(`${remote.name}: route "${route.path}" must start with /`);
      if (paths.has(route.path)) problems.push(`${remote.name}: route "${route.path}" is mounted twice`);
      paths.add(route.path);
      if (!AUDIENCES.includes(route.who)) problems.push(`${remote.name}: route "${route.path}" has an unknown audience "${route.who}"`);
      if (STORE_AUDIENCES.includes(route.who) && !route.path.includes(':storeId'))
        problems.push(`${remote.name}: route "${route.path}" guards a store but has no :storeId`);
      if (route.who !== 'signed_in' && !route.path.includes(':orgaId'))
        problems.push(`${remote.name}: route "${route.path}" guards an organization but has no :orgaId`);
      if (!tiersWellFormed(route.hiddenAtTiers))
        problems.push(`${remote.name}: route "${route.path}" hiddenAtTiers is not a list of tiers`);
      if (route.hiddenAtTiers && route.who === 'signed_in')
        problems.push(`${remote.name}: route "${route.path}" hides by tier but has no organization`);
    }
    for (const entry of remote.drawer) {
      if (ids.has(entry.id)) problems.push(`${remote.name}: drawer id "${entry.id}" is used twice`);
      ids.add(entry.id);
      if (!AUDIENCES.includes(entry.who)) problems.push(`${remote.name}: drawer "${entry.id}" has an unknown audience "${entry.who}"`);
      if (!DRAWER_ICONS.includes(entry.icon)) problems.push(`${remote.name}: drawer "${entry.id}" has an unknown icon "${entry.icon}"`);
      if (entry.to.includes(':storeId') && !STORE_AUDIENCES.includes(entry.who))
        problems.push(`${remote.name}: drawer "${entry.id}" links to a store but is not for a store audience`);
      if (!/^[a-z][a-zA-Z0-9-]*\.[a-zA-Z0-9]+$/.test(entry.label))
        problems.push(`${remote.name}: drawer "${entry.id}" label is not a 'namespace.key'`);
      if (!tiersWellFormed(entry.hiddenAtTiers)) problems.push(`${remote.name}: drawer "${entry.id}" hiddenAtTiers is not a list of tiers`);
    }
  }
  return problems;
}

function tiersWellFormed(tiers: unknown): boolean {
  return tiers === undefined || (Array.isArray(tiers) && tiers.every((tier) => Number.isInteger(tier) && (tier as number) >= 0));
}

/** R2.03 whether an entry is hidden for the organization's tier (no organization: nothing to hide by). */
export function hiddenForTier(entry: { hiddenAtTiers?: number[] }, orga: Pick<Organization, 'tier'> | null): boolean {
  return orga !== null && (entry.hiddenAtTiers ?? []).includes(orga.tier);
}

export const remoteManifest = manifestJson as RemoteManifest;

/** The Module Federation name of a remote (its container global): pet-gallery → petGallery. */
export function federationNameOf(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** The id the shell loads a remote's exposed routes with. */
export function routesModuleOf(name: string): string {
  return `${federationNameOf(name)}/routes`;
}

/** A route of the manifest with the remote it mounts. */
export type ManifestMount = RemoteRouteEntry & { module: string; remote: string };

export function manifestMounts(manifest: RemoteManifest = remoteManifest): ManifestMount[] {
  return manifest.remotes.flatMap((remote) =>
    remote.routes.map((route) => ({ ...route, remote: remote.name, module: routesModuleOf(remote.name) })),
  );
}

/** The signed-in person as the drawer and the route guards see them. */
export type Viewer = { user: Pick<PersonUser, 'id' | 'orga_id'>; orga: Organization | null };

export type Verdict = { allow: true } | { allow: false; to: 'home' | 'not_found' };

const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the path's organization and store segments can be ids at all. `/:orgaId` (organization
 * analytics) would otherwise take any one-segment path (`/no-such-page`) for an organization: such a
 * path is a 404, signed in or not, before any sign-in or guard.
 */
export function pathIdsWellFormed(orgaId: string | undefined, storeId: string | undefined): boolean {
  return [orgaId, storeId].every((id) => id === undefined || ID_SHAPE.test(id));
}

/**
 * Whether a viewer passes a route's guard for the path's organization and store (R6.05: failures go to /);
 * a route hidden at the organization's tier (R2.03) also goes home.
 */
export function guardVerdict(
  who: Audience,
  viewer: Viewer,
  orgaId: string | undefined,
  storeId: string | undefined,
  hiddenAtTiers?: number[],
): Verdict {
  if (who === 'signed_in') return { allow: true };
  const { user, orga } = viewer;
  if (!orgaId || user.orga_id !== orgaId) return { allow: false, to: 'home' };
  if (hiddenForTier({ hiddenAtTiers }, orga)) return { allow: false, to: 'home' };
  if (who === 'member') return { allow: true };
  if (who === 'orga_admin') return isOrgaAdministrator(orga, user.id) ? { allow: true } : { allow: false, to: 'home' };
  // store guards: a store the organization does not have is a 404; one the user does not reach goes home
  const store = orga?.stores.find((candidate) => candidate.id === storeId);
  if (!orga || !store) return { allow: false, to: 'not_found' };
  if (!visibleStores(orga, user.id).some((candidate) => candidate.id === store.id)) return { allow: false, to: 'home' };
  if (who === 'store_admin') return isStoreAdministrator(orga, user.id, store.id) ? { allow: true } : { allow: false, to: 'home' };
  return hasStoreAccess(orga, user.id, store.id, STORE_ACCESS_OF[who]) ? { allow: true } : { allow: false, to: 'home' };
}

/** A drawer entry ready to render: the link filled in and the premium mark decided. */
export type DrawerLink = { id: string; to: string; label: string; icon: DrawerIcon; premium: boolean };

/**
 * The left drawer's remote entries for a viewer (R6.06: administrators' entries only for them);
 * `storeId` is the store the frame links to (the current one, else the first the viewer reaches); store
 * entries show only with one.
 */
export function drawerLinks(viewer: Viewer, storeId: string | null, manifest: RemoteManifest = remoteManifest): DrawerLink[] {
  const orgaId = viewer.orga?.id;
  const entries = manifest.remotes.flatMap((remote) => remote.drawer).sort((a, b) => a.order - b.order);
  const links: DrawerLink[] = [];
  for (const entry of entries) {
    if (hiddenForTier(entry, viewer.orga)) continue;
    if (entry.who !== 'signed_in') {
      if (!orgaId || guardVerdict(entry.who, viewer, orgaId, storeId ?? undefined).allow !== true) continue;
    }
    const to = entry.to.replace(':orgaId', orgaId ?? '').replace(':storeId', storeId ?? '');
    links.push({ id: entry.id, to, label: entry.label, icon: entry.icon, premium: Boolean(entry.premium) && viewer.orga?.tier === 0 });
  }
  return links;
}
