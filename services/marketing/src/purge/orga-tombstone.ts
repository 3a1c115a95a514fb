import { orgaTombstones } from '@pawline/nest-kit';

/**
 * R1.17 marketing's tombstones (libs/nest-kit purge/orga-tombstone.ts): one lock per organization for every
 * marketing write of its rows, the audience consumers (which also need it for visits, audience-projection.ts),
 * a new campaign and the purge. Its key is the one the audience's visits have always used
 * ('marketing-audience-visits:' || orga_id), so instances of an older version still exclude the new ones.
 * `orgaWritable` takes the lock and answers whether marketing may still write the organization's rows: not once
 * the purge has recorded its tombstone, in the delete's transaction; `tombstonedOrgas` is what the audience
 * rebuild drops.
 */
export const { lockOrga, orgaWritable, recordTombstone, tombstonedOrgas } = orgaTombstones('marketing-audience-visits');
