import { addDays, daysBetween, formatDay } from '../calendar-days';
import { WEEK } from '../booking-state';
import { h } from '../dom';
import type { StepScreen } from './step-host';

// Step 4: the week view of free times.

/** A week of free times, with the previous and next week (within the horizon); a time goes on to the contact. */
export const slotStep: StepScreen = (host) => {
  const { t, state } = host;
  const language = host.language;
  const week = state.week;
  if (!week) return [host.actions()];
  const from = week.from;
  const to = addDays(from, WEEK - 1);
  const canGoBack = daysBetween(host.today(), from) > 0;
  const move = (days: number) => {
    host.setAlert('');
    void host.loadWeek(addDays(from, days));
  };
  const days = week.days;
  const anyFree = days?.some((day) => day.slots.length > 0) ?? false;
  return [
    h(
      'div',
      { class: 'pw-week-nav' },
      h(
        'button',
        { type: 'button', class: 'pw-secondary', disabled: !canGoBack || !days, onclick: () => move(-WEEK) },
        `‹ ${t('previousWeek')}`,
      ),
      h('p', { class: 'pw-week-range' }, t('weekOf', { from: formatDay(from, language), to: formatDay(to, language) })),
      h(
        'button',
        { type: 'button', class: 'pw-secondary', disabled: !host.canGoForward(from) || !days, onclick: () => move(WEEK) },
        `${t('nextWeek')} ›`,
      ),
    ),
    days === null
      ? h('p', { class: 'pw-muted' }, t('loading'))
      : h(
          'div',
          { class: 'pw-days' },
          !anyFree && h('p', null, host.canGoForward(from) ? t('noTimesWeek') : t('noTimesSoon')),
          days.map((day) => {
            const label = formatDay(day.date, language, 'long');
            return h(
              'div',
              { class: 'pw-day', 'data-date': day.date },
              h('h3', null, label),
              day.slots.length === 0
                ? h('p', { class: 'pw-muted' }, t('noTimes'))
                : h(
                    'ul',
                    { class: 'pw-times', role: 'list' },
                    day.slots.map((slot) =>
                      h(
                        'li',
                        null,
                        h(
                          'button',
                          {
                            type: 'button',
                            class: 'pw-time',
                            'data-starts-at': slot.starts_at,
                            'aria-label': t('timeAt', { day: label, time: slot.time }),
                            onclick: () => {
                              state.slot = slot;
                              host.setAlert('');
                              host.go('contact');
                            },
                          },
                          slot.time,
                        ),
                      ),
                    ),
                  ),
            );
          }),
        ),
    // issue 30 nothing fits: wait for a time to free up instead
    days !== null &&
      h(
        'p',
        { class: 'pw-waitlist-offer' },
        anyFree ? t('waitlistHint') : t('waitlistHintEmpty'),
        ' ',
        h('button', { type: 'button', class: 'pw-secondary', onclick: () => host.go('waitlist') }, t('joinWaitlist')),
      ),
    host.actions(),
  ];
};
