import { waitlistErrors, type Contact } from '../booking-state';
import { addDays, formatDay } from '../calendar-days';
import { h } from '../dom';
import type { CatalogueKey } from '../i18n';
import type { StepScreen } from './step-host';

// Issue 30 the waitlist (ADR 0063): when no time fits, the customer says which days and times suit them and until
// when; the salon's WhatsApp offers a freed time, and the first to tap Take it gets it.

const WEEKDAYS: readonly [number, CatalogueKey][] = [
  [1, 'weekday_1'],
  [2, 'weekday_2'],
  [3, 'weekday_3'],
  [4, 'weekday_4'],
  [5, 'weekday_5'],
  [6, 'weekday_6'],
  [0, 'weekday_0'],
];

/** The wishes and the contact, then the entry is secured and sent. */
export const waitlistStep: StepScreen = (host) => {
  const { t, state, controls: c } = host;
  const { contact, wishes } = state;
  if (!wishes.until) wishes.until = addDays(host.today(), 28);
  const working = state.busy.kind !== 'idle';
  const submit = (event: Event) => {
    event.preventDefault();
    if (!host.validated(waitlistErrors(state, host.today()))) return;
    void host.joinWaitlist();
  };
  const text = (name: keyof Contact & ('first_name' | 'last_name' | 'fon' | 'email'), label: CatalogueKey, type: string, auto: string) =>
    c.field(
      name,
      t(label),
      c.input(type, contact[name], (value) => (contact[name] = value), { autocomplete: auto, maxlength: '100' }),
    );
  return [
    h('p', null, t('waitlistIntro')),
    h(
      'form',
      { novalidate: true, onsubmit: submit },
      h(
        'fieldset',
        { disabled: working, class: 'pw-plain' },
        h(
          'fieldset',
          null,
          h('legend', null, t('waitlistDays')),
          WEEKDAYS.map(([day, key]) =>
            c.checkbox(
              t(key),
              wishes.weekdays.has(day),
              (on) => (on ? wishes.weekdays.add(day) : wishes.weekdays.delete(day)),
              `weekday_${day}`,
            ),
          ),
        ),
        c.field(
          'from_time',
          t('waitlistFrom'),
          c.input('time', wishes.from_time, (value) => (wishes.from_time = value)),
          t('optional'),
        ),
        c.field(
          'to_time',
          t('waitlistTo'),
          c.input('time', wishes.to_time, (value) => (wishes.to_time = value)),
          t('optional'),
        ),
        c.field(
          'until',
          t('waitlistUntil'),
          c.input('date', wishes.until, (value) => (wishes.until = value), { min: host.today() }),
        ),
        text('first_name', 'field_first_name', 'text', 'given-name'),
        text('last_name', 'field_last_name', 'text', 'family-name'),
        text('fon', 'field_fon', 'tel', 'tel'),
        c.checkbox(t('waitlistConsent'), contact.consent_messages, (on) => (contact.consent_messages = on), 'consent_messages'),
        state.fieldErrors.consent_messages && h('p', { class: 'pw-field-error' }, t(state.fieldErrors.consent_messages)),
        c.checkbox(t('accept_privacy'), contact.accept_privacy, (on) => (contact.accept_privacy = on), 'accept_privacy'),
        state.fieldErrors.accept_privacy && h('p', { class: 'pw-field-error' }, t(state.fieldErrors.accept_privacy)),
      ),
      state.busy.kind === 'securing' &&
        h(
          'div',
          { class: 'pw-securing' },
          h('p', null, t('securing')),
          h('progress', { max: 100, value: Math.round(state.busy.share * 100), 'aria-label': t('securing') }),
        ),
      state.busy.kind === 'sending' && h('p', { class: 'pw-securing' }, t('sending')),
      host.actions(h('button', { type: 'submit', class: 'pw-primary', disabled: working }, t('joinWaitlist'))),
    ),
  ];
};

/** On the list: until when, and how the offer will come. */
export const waitlistedStep: StepScreen = (host) => {
  const { t, state } = host;
  return [
    h(
      'p',
      { 'data-testid': 'waitlisted' },
      t('waitlistedText', { until: formatDay(state.waitlisted ?? host.today(), host.language, 'long') }),
    ),
    h(
      'div',
      { class: 'pw-actions' },
      h('button', { type: 'button', class: 'pw-secondary', onclick: () => host.bookAnother() }, t('bookAnother')),
    ),
  ];
};
