// Overlapping appointments of one column are drawn side by side: each gets a lane, and every
// appointment of a cluster (a run of transitively overlapping ones) shares the cluster's lane count.

/** An appointment's place in a day column, in minutes from midnight; end is exclusive. */
export type TimeSpan = { id: string; start: number; end: number };
export type LanePlacement = { lane: number; lanes: number };

/** Short appointments still take a visible slot, so they are laid out as at least this long. */
export const MIN_LAYOUT_MINUTES = 15;

export function layoutOverlaps(spans: readonly TimeSpan[]): Map<string, LanePlacement> {
  const sorted = [...spans]
    .map((s) => ({ ...s, end: Math.max(s.end, s.start + MIN_LAYOUT_MINUTES) }))
    .sort((a, b) => a.start - b.start || b.end - a.end || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const placements = new Map<string, LanePlacement>();
  let cluster: { id: string; lane: number }[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -Infinity;

  const closeCluster = () => {
    for (const member of cluster) placements.set(member.id, { lane: member.lane, lanes: laneEnds.length });
    cluster = [];
    laneEnds = [];
  };

  for (const span of sorted) {
    if (span.start >= clusterEnd) closeCluster();
    let lane = laneEnds.findIndex((end) => end <= span.start);
    if (lane < 0) {
      lane = laneEnds.length;
      laneEnds.push(span.end);
    } else laneEnds[lane] = span.end;
    cluster.push({ id: span.id, lane });
    clusterEnd = cluster.length === 1 ? span.end : Math.max(clusterEnd, span.end);
  }
  closeCluster();
  return placements;
}
