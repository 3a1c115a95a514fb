import { orgaTombstones } from '@pawline/nest-kit';

/**
 * R1.17 analytics' tombstones (libs/nest-kit purge/orga-tombstone.ts): the purge, the projection and
 * engagement consumers (separate durables) take the organization's lock; what the consumers take after the
 * purge sees the tombstone and writes nothing, and the rebuild drops every tombstoned organization.
 */
export const { lockOrga, orgaWritable, recordTombstone, tombstonedOrgas } = orgaTombstones('analytics-orga');
