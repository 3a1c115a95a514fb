import { MAX_TREATMENTS, toggle } from '../booking-state';
import { h } from '../dom';
import type { StepScreen } from './step-host';

// Steps 2 and 3: what is to be done, and by whom.

/** The treatments (at most ten), each with its minutes. */
export const treatmentsStep: StepScreen = (host) => {
  const { t, state, controls: c } = host;
  const submit = (event: Event) => {
    event.preventDefault();
    if (state.treatmentIds.size === 0) {
      host.setAlert(t('chooseTreatments'));
      return;
    }
    host.setAlert('');
    host.go('groomer');
  };
  return [
    h(
      'form',
      { novalidate: true, onsubmit: submit },
      h(
        'fieldset',
        null,
        h('legend', { class: 'pw-sr-only' }, t('stepTreatments')),
        (host.store.treatments ?? []).map((treatment) =>
          c.checkbox(
            [treatment.name, h('span', { class: 'pw-muted' }, ` · ${t('minutes', { count: treatment.duration })}`)],
            state.treatmentIds.has(treatment.id),
            (checked) => {
              if (checked && state.treatmentIds.size >= MAX_TREATMENTS) return;
              toggle(state.treatmentIds, treatment.id, checked);
            },
            'treatment',
          ),
        ),
      ),
      host.actions(h('button', { type: 'submit', class: 'pw-primary' }, t('next'))),
    ),
  ];
};

/** A groomer of the store, or any; then the first week with a free time. */
export const groomerStep: StepScreen = (host) => {
  const { t, state } = host;
  const choices: [string | null, string][] = [
    [null, t('anyGroomer')],
    ...(host.store.staff ?? []).map((s): [string, string] => [s.user_id, s.first_name]),
  ];
  const submit = (event: Event) => {
    event.preventDefault();
    state.week = null;
    state.slot = null;
    host.go('slot');
    void host.loadWeek(host.today(), true);
  };
  return [
    h(
      'form',
      { novalidate: true, onsubmit: submit },
      h(
        'fieldset',
        null,
        h('legend', { class: 'pw-sr-only' }, t('stepGroomer')),
        choices.map(([id, name]) =>
          h(
            'label',
            { class: 'pw-choice' },
            h('input', {
              type: 'radio',
              name: 'groomer',
              value: id ?? '',
              checked: state.userId === id,
              onchange: () => (state.userId = id),
            }),
            h('span', null, name),
          ),
        ),
      ),
      host.actions(h('button', { type: 'submit', class: 'pw-primary' }, t('next'))),
    ),
  ];
};
