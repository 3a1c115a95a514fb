import { Box, Button, Flex, Heading, HStack, Stack } from '@chakra-ui/react';
import type { CalendarView } from '@pawline/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Translate } from '../i18n/translator';
import { MENU_VIEWS } from './calendar-views';

type Props = {
  t: Translate;
  view: CalendarView;
  title: string;
  onView: (view: CalendarView) => void;
  onStep: (step: -1 | 1) => void;
  onToday: () => void;
  onNew: () => void;
  /** R1.15 opens "Subscribe in Google/Apple Calendar" */
  onSubscribe?: () => void;
  /** issue 29: the list of keyboard shortcuts (also on '?') */
  onShortcuts?: () => void;
  /** issue 29: the printable day sheet of the shown day */
  daySheetHref?: string;
};

/** The calendar menu (R2.10): a row of views on wide screens, a collapsible group on small ones. */
export function CalendarToolbar({ t, view, title, onView, onStep, onToday, onNew, onSubscribe, onShortcuts, daySheetHref }: Props) {
  const [open, setOpen] = useState(false);
  const label = (v: CalendarView) => t(`calendar.view_${v}`);
  return (
    <Stack gap="2" mb="3">
      <Flex gap="2" align="center" wrap="wrap">
        <HStack gap="1">
          <Button
            size="sm"
            variant="outline"
            aria-label={t('calendar.previousPeriod')}
            onClick={() => onStep(-1)}
            data-testid="calendar-previous"
          >
            ‹
          </Button>
          <Button size="sm" variant="outline" onClick={onToday}>
            {t('calendar.today')}
          </Button>
          <Button size="sm" variant="outline" aria-label={t('calendar.nextPeriod')} onClick={() => onStep(1)} data-testid="calendar-next">
            ›
          </Button>
        </HStack>
        <Heading size="md" data-testid="calendar-title" flex="1" minW="40">
          {title}
        </Heading>
        {onSubscribe ? (
          <Button size="sm" variant="outline" onClick={onSubscribe} data-testid="calendar-feed-open">
            {t('calendar.feedButton')}
          </Button>
        ) : null}
        {daySheetHref ? (
          <Button asChild size="sm" variant="outline">
            <Link to={daySheetHref} data-testid="calendar-day-sheet">
              {t('calendar.daySheet')}
            </Link>
          </Button>
        ) : null}
        {onShortcuts ? (
          <Button
            size="sm"
            variant="ghost"
            display={{ base: 'none', md: 'inline-flex' }}
            aria-label={t('calendar.shortcutsTitle')}
            aria-keyshortcuts="?"
            onClick={onShortcuts}
            data-testid="calendar-shortcuts"
          >
            ?
          </Button>
        ) : null}
        <Button size="sm" colorPalette="brand" onClick={onNew} aria-keyshortcuts="C" data-testid="calendar-new">
          {t('calendar.newAppointment')}
        </Button>
      </Flex>
      <HStack gap="1" role="tablist" aria-label={t('calendar.views')} display={{ base: 'none', md: 'flex' }} data-testid="view-menu">
        {MENU_VIEWS.map((v) => (
          <Button
            key={v}
            size="sm"
            role="tab"
            aria-selected={v === view}
            variant={v === view ? 'solid' : 'ghost'}
            colorPalette="brand"
            data-view={v}
            onClick={() => onView(v)}
          >
            {label(v)}
          </Button>
        ))}
      </HStack>
      <Box display={{ base: 'block', md: 'none' }} data-testid="view-menu-compact">
        <Button size="sm" variant="outline" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="view-menu-toggle">
          {t('calendar.views')}: {label(view)} {open ? '▴' : '▾'}
        </Button>
        {open ? (
          <Stack gap="0" mt="1" borderWidth="1px" borderRadius="md" data-testid="view-menu-group">
            {MENU_VIEWS.map((v) => (
              <Button
                key={v}
                size="sm"
                variant={v === view ? 'subtle' : 'ghost'}
                justifyContent="flex-start"
                data-view={v}
                onClick={() => {
                  onView(v);
                  setOpen(false);
                }}
              >
                {label(v)}
              </Button>
            ))}
          </Stack>
        ) : null}
      </Box>
    </Stack>
  );
}
