import { API_ROUTES, createRemoteHttp, type ShellBridge } from '@pawline/api-client';

export type AnalysisPeriod = '7d' | '30d' | '12m';
export type AnalysisBucket = 'day' | 'month';
export type PeriodChoice = { period: AnalysisPeriod; bucket: AnalysisBucket };

/** The statistics routes (libs/contracts/src/http/analytics.routes.ts) with the shell's session. */
export function createAnalysesApi(bridge: Pick<ShellBridge, 'api' | 'language'>) {
  const { request } = createRemoteHttp({ api: bridge.api, language: bridge.language });
  return {
    salon: (orga: string, store: string, query: PeriodChoice) => request(API_ROUTES.getSalonStatistics, { params: { orga, store }, query }),
    customers: (orga: string, store: string, query: PeriodChoice) =>
      request(API_ROUTES.getCustomerStatistics, { params: { orga, store }, query }),
    orga: (orga: string, query: PeriodChoice) => request(API_ROUTES.getOrgaStatistics, { params: { orga }, query }),
    treatments: (orga: string) => request(API_ROUTES.listTreatments, { params: { orga } }),
  };
}

export type AnalysesApi = ReturnType<typeof createAnalysesApi>;
export type SalonStatistics = Awaited<ReturnType<AnalysesApi['salon']>>;
export type CustomerStatistics = Awaited<ReturnType<AnalysesApi['customers']>>;
export type OrgaStatistics = Awaited<ReturnType<AnalysesApi['orga']>>;
