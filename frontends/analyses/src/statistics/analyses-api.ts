import type { AnswerOf, QueryOf } from '@pawline/api-client';

export type PeriodChoice = Required<Pick<QueryOf<'getSalonStatistics'>, 'period' | 'bucket'>>;
export type AnalysisPeriod = PeriodChoice['period'];
export type AnalysisBucket = PeriodChoice['bucket'];

// The answers of the statistics routes (libs/contracts/src/http/analytics.routes.ts), read with useApiQuery.
export type SalonStatistics = AnswerOf<'getSalonStatistics'>;
export type CustomerStatistics = AnswerOf<'getCustomerStatistics'>;
export type OrgaStatistics = AnswerOf<'getOrgaStatistics'>;
