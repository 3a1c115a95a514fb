/** R1.12 the periods a statistics screen shows and the buckets it counts them in. */
export const ANALYSIS_PERIODS = ['7d', '30d', '12m'] as const;
export type AnalysisPeriod = (typeof ANALYSIS_PERIODS)[number];
export const ANALYSIS_BUCKETS = ['day', 'month'] as const;
export type AnalysisBucket = (typeof ANALYSIS_BUCKETS)[number];
