import { contactErrors, type Contact } from '../booking-state';
import { formatDay } from '../calendar-days';
import { h, uid } from '../dom';
import type { CatalogueKey } from '../i18n';
import type { StepScreen } from './step-host';

// Steps 5 and 6: who asks, with their consents; what was asked for.

/** Contact and consents (privacy required), then the request is secured and sent. */
export const contactStep: StepScreen = (host) => {
  const { t, state, controls: c } = host;
  const contact = state.contact;
  const slot = state.slot;
  const language = host.language;
  const working = state.busy.kind !== 'idle';
  const submit = (event: Event) => {
    event.preventDefault();
    if (!host.validated(contactErrors(contact))) return;
    void host.send();
  };
  const consent = (name: keyof Contact & `consent_${string}`, label: CatalogueKey) =>
    c.checkbox(t(label), contact[name], (checked) => (contact[name] = checked), name);
  const privacyError = state.fieldErrors.accept_privacy;
  const privacyId = uid('privacy');
  return [
    slot &&
      h(
        'p',
        { class: 'pw-summary' },
        t('chosenSlot', { when: t('timeAt', { day: formatDay(slot.date, language, 'long'), time: slot.time }) }),
      ),
    h(
      'form',
      { novalidate: true, onsubmit: submit },
      h(
        'fieldset',
        { disabled: working, class: 'pw-plain' },
        c.field(
          'first_name',
          t('field_first_name'),
          c.input('text', contact.first_name, (value) => (contact.first_name = value), {
            autocomplete: 'given-name',
            maxlength: '100',
          }),
        ),
        c.field(
          'last_name',
          t('field_last_name'),
          c.input('text', contact.last_name, (value) => (contact.last_name = value), {
            autocomplete: 'family-name',
            maxlength: '100',
          }),
        ),
        c.field(
          'fon',
          t('field_fon'),
          c.input('tel', contact.fon, (value) => (contact.fon = value), { autocomplete: 'tel', maxlength: '40' }),
        ),
        c.field(
          'email',
          t('field_email'),
          c.input('email', contact.email, (value) => (contact.email = value), { autocomplete: 'email', maxlength: '254' }),
          t('optional'),
        ),
        c.field(
          'notes',
          t('notes_for_salon'),
          h(
            'textarea',
            { rows: 3, maxlength: 500, oninput: (event: Event) => (contact.notes = (event.target as HTMLTextAreaElement).value) },
            contact.notes,
          ),
          t('optional'),
        ),
        h(
          'fieldset',
          null,
          h('legend', null, t('consents')),
          consent('consent_messages', 'agree_messages'),
          consent('consent_reminders', 'agree_reminders'),
          consent('consent_marketing', 'agree_marketing'),
          h(
            'label',
            { class: 'pw-choice' },
            h('input', {
              type: 'checkbox',
              name: 'accept_privacy',
              required: true,
              checked: contact.accept_privacy,
              'aria-invalid': privacyError ? 'true' : null,
              'aria-describedby': privacyError ? privacyId : null,
              onchange: (event: Event) => (contact.accept_privacy = (event.target as HTMLInputElement).checked),
            }),
            h('span', null, t('accept_privacy')),
          ),
          privacyError && h('p', { id: privacyId, class: 'pw-field-error' }, t(privacyError)),
        ),
      ),
      state.busy.kind === 'securing' &&
        h(
          'div',
          { class: 'pw-securing' },
          h('p', null, t('securing')),
          h('progress', { max: 100, value: Math.round(state.busy.share * 100), 'aria-label': t('securing') }),
        ),
      state.busy.kind === 'sending' && h('p', { class: 'pw-securing' }, t('sending')),
      host.actions(h('button', { type: 'submit', class: 'pw-primary', disabled: working }, t('send'))),
    ),
  ];
};

/** The confirmation: date, time, groomer, and that the salon will confirm. */
export const doneStep: StepScreen = (host) => {
  const { t, state } = host;
  const booked = state.booked;
  if (!booked) return [];
  const language = host.language;
  const row = (label: string, value: string) => [h('dt', null, label), h('dd', null, value)];
  return [
    h(
      'dl',
      { class: 'pw-done' },
      row(t('doneDate'), formatDay(booked.date, language, 'long')),
      row(t('doneTime'), booked.time),
      row(t('doneGroomer'), booked.groomer_first_name ?? t('anyGroomer')),
    ),
    h('p', null, t('doneConfirm')),
    h(
      'div',
      { class: 'pw-actions' },
      h(
        'button',
        {
          type: 'button',
          class: 'pw-secondary',
          onclick: () => host.bookAnother(),
        },
        t('bookAnother'),
      ),
    ),
  ];
};
