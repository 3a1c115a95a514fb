import type { Organization } from '@pawline/api-client';
import {
  accountAccess,
  sidebarTrialNotice,
  subscriptionNotices,
  subscriptionState,
  type AccountAccess,
  type SidebarTrialNotice,
  type SubscriptionFacts,
  type SubscriptionNotices,
  type SubscriptionState,
} from '@pawline/domain';
import { memberOf } from '../access/orga-access';

// spec §4 where the salon stands, read from the organization the shell already has (GET /orga/{orga}:
// tier, created_at, subscribed_since and subscribed_until, identity's mirror of billing, ADR 0028).

export type SubscriptionStanding = {
  orgaId: string;
  /** R4.09 R6.07 'subscribe' (administrator) or 'ask_administrator' (employee) once the organization is inactive */
  access: AccountAccess;
  state: SubscriptionState;
  /** R4.08 the trial banner and the subscription-extension warning, with the remaining days */
  notices: SubscriptionNotices;
  /** R4.08 the sidebar notice (tier 0): remaining days as a percentage of the trial's 15 (issue 29), expired at zero or below */
  sidebar: SidebarTrialNotice;
  /** administrators (rank 1 or lower) are offered the payment and plan pages */
  admin: boolean;
};

export function subscriptionFacts(orga: Organization): SubscriptionFacts {
  return { tier: orga.tier, created_at: orga.created_at, subscribed_until: orga.subscribed_until, subscribed_since: orga.subscribed_since };
}

export function subscriptionStanding(orga: Organization, userId: string, now: Date): SubscriptionStanding {
  const facts = subscriptionFacts(orga);
  // someone the organization does not list has no administrator's rank
  const rank = memberOf(orga, userId)?.orga_rank ?? 4;
  return {
    orgaId: orga.id,
    access: accountAccess(facts, rank, now),
    state: subscriptionState(facts, now),
    notices: subscriptionNotices(facts, now),
    sidebar: sidebarTrialNotice(facts, now),
    admin: rank <= 1,
  };
}

export const paymentHref = (orgaId: string): string => `/${orgaId}/payment`;
export const planHref = (orgaId: string): string => `/${orgaId}/adminV2/plan`;

/**
 * While the organization is blocked, what stays reachable: help for everyone, and for its
 * administrators the pages that subscribe (Subscribe, Update plan); the user drawer's logout is
 * part of the frame and stays too.
 */
export function reachableWhileBlocked(pathname: string, orgaId: string, access: AccountAccess): boolean {
  if (access === 'ok') return true;
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/qa') return true;
  if (access !== 'subscribe') return false;
  return [paymentHref(orgaId), planHref(orgaId)].some((page) => path === page || path.startsWith(`${page}/`));
}
