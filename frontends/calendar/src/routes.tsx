import { RemoteApiProvider, type ShellBridge } from '@pawline/api-client';
import { CatalogueGate, ErrorPage, snackbarFeedback } from '@pawline/ui';
import { useMemo } from 'react';
import { matchPath, useLocation, useSearchParams } from 'react-router';
import { appointmentLinkOf, bookingLinkOf } from './calendar/booking-link';
import { isValidIsoDay, todayIn } from './calendar/calendar-dates';
import { CalendarPage } from './calendar/CalendarPage';
import { DaySheetPage } from './daysheet/DaySheetPage';
import { CALENDAR_NAMESPACES, calendarTranslator } from './i18n/translator';
import { RecurringPage } from './recurring/RecurringPage';
import type { CalendarContext } from './shared/calendar-context';

/** The pages this remote owns, matched on the whole path (the shell mounts it at both). */
export const CALENDAR_PATHS = {
  calendar: '/:orgaId/store/:storeId',
  recurring: '/:orgaId/store/:storeId/recurring',
  daySheet: '/:orgaId/store/:storeId/day-sheet',
} as const;

export type CalendarRoute = { page: 'calendar' | 'recurring' | 'daySheet'; orgaId: string; storeId: string } | { page: 'none' };

export function calendarPageOf(pathname: string): CalendarRoute {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (const page of ['recurring', 'daySheet', 'calendar'] as const) {
    const params = matchPath({ path: CALENDAR_PATHS[page], end: true }, path)?.params;
    if (params?.orgaId && params.storeId) return { page, orgaId: params.orgaId, storeId: params.storeId };
  }
  return { page: 'none' };
}

function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Exposed as 'calendar/routes'. */
export function CalendarRoutes(bridge: ShellBridge) {
  // the data layer over the bridge: the shell's QueryClient and session, writes answered by snackbars
  const feedback = useMemo(() => snackbarFeedback(bridge), [bridge]);
  return (
    <RemoteApiProvider bridge={bridge} feedback={feedback}>
      <CatalogueGate language={bridge.language} namespaces={CALENDAR_NAMESPACES}>
        <CalendarPages {...bridge} />
      </CatalogueGate>
    </RemoteApiProvider>
  );
}

function CalendarPages(bridge: ShellBridge) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const route = calendarPageOf(location.pathname);
  const t = useMemo(() => calendarTranslator(bridge.language), [bridge.language]);
  const ctx = useMemo<CalendarContext>(() => ({ bridge, t, storage: localStorageOrNull() }), [bridge, t]);
  const day = searchParams.get('day');
  // the clients remote's Book link: ?book_customer=<id>&book_pet=<id> opens a new appointment for them
  const book = bookingLinkOf(searchParams);
  const openAppointmentId = appointmentLinkOf(searchParams);

  switch (route.page) {
    case 'calendar':
      return (
        <CalendarPage
          key={`${route.orgaId}/${route.storeId}/${day ?? ''}`}
          ctx={ctx}
          orgaId={route.orgaId}
          storeId={route.storeId}
          initialDay={isValidIsoDay(day) ? day : undefined}
          book={book}
          openAppointmentId={openAppointmentId}
        />
      );
    case 'recurring':
      return <RecurringPage key={`${route.orgaId}/${route.storeId}`} ctx={ctx} orgaId={route.orgaId} storeId={route.storeId} />;
    case 'daySheet': {
      // without a valid ?day= the sheet is today's in the store's time zone
      const timeZone = bridge.orga?.stores.find((s) => s.id === route.storeId)?.time_zone;
      const sheetDay = isValidIsoDay(day) ? day : todayIn(timeZone);
      return (
        <DaySheetPage
          key={`${route.orgaId}/${route.storeId}/${sheetDay}`}
          ctx={ctx}
          orgaId={route.orgaId}
          storeId={route.storeId}
          day={sheetDay}
        />
      );
    }
    default:
      return (
        <ErrorPage status={404} texts={{ notFound: t('shell.error404'), other: t('shell.errorGeneric'), home: t('shell.errorHomeLink') }} />
      );
  }
}
