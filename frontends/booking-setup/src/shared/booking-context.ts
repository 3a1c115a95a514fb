import type { ShellBridge } from '@pawline/api-client';
import { canReachStore, canWriteStore, isOrgaAdmin, isStoreAdmin, minRanksOf, orgaMemberOf, type OrgaMember } from '@pawline/domain';
import type { Translate } from '../i18n/translator';

/** What every page of the booking admin gets. */
export type BookingContext = {
  bridge: ShellBridge;
  t: Translate;
  orgaId: string;
  storeId: string;
  /** store writers accept and delete requests */
  canDecide: boolean;
  /** store administrators change hours, exceptions and the setup */
  storeAdmin: boolean;
  /** organization administrators change the service-time matrix (the organization's treatments) */
  orgaAdmin: boolean;
  /** the origin that serves /booking-widget/pawline-booking.js (the gateway's; the page's own in the shell) */
  gatewayOrigin: string;
};

/** A member's membership as the permission rules of libs/domain read it (the signed-in user's by default). */
export function memberOf(bridge: ShellBridge, userId = bridge.user.id): OrgaMember | null {
  return orgaMemberOf(bridge.orga, userId);
}

/** Who may do what here, from the organization's members and minimum ranks (spec §6). */
export function bookingRights(bridge: ShellBridge, storeId: string) {
  const member = memberOf(bridge);
  const orga = bridge.orga;
  if (!member || !orga) return { canDecide: false, storeAdmin: false, orgaAdmin: false };
  return {
    canDecide: canWriteStore(member, storeId, minRanksOf(orga)),
    storeAdmin: isStoreAdmin(member, storeId),
    orgaAdmin: isOrgaAdmin(member),
  };
}

/** The staff of a store who can hold hours: active members who reach it, by name. */
export function storeStaff(bridge: ShellBridge, storeId: string): { userId: string; name: string }[] {
  return (bridge.orga?.users ?? [])
    .filter((u) => {
      const member = memberOf(bridge, u.user_id);
      return member !== null && canReachStore(member, storeId);
    })
    .map((u) => ({ userId: u.user_id, name: `${u.first_name} ${u.last_name}`.trim() || u.username }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A staff member's name by user id (a groomer who left shows as unknown). */
export function staffName(bridge: ShellBridge, userId: string | null, t: Translate): string {
  if (userId === null) return t('booking-setup.office');
  const user = bridge.orga?.users.find((u) => u.user_id === userId);
  return user ? `${user.first_name} ${user.last_name}`.trim() || user.username : t('booking-setup.unknownStaff');
}
