import { PET_HAIRS, PET_SIZES } from '@pawline/contracts';
import { customerErrors, PET_TYPE_KEYS, PET_TYPE_NUMBERS, petErrors, toggle } from '../booking-state';
import { h } from '../dom';
import type { CatalogueKey } from '../i18n';
import type { StepScreen } from './step-host';

// Step 1: the pet described, or the known customer's pets found by phone and last name.

/** The pet the request is for: type, size, coat and name. */
export const petStep: StepScreen = (host) => {
  const { t, state, controls: c } = host;
  const pet = state.newPet;
  const submit = (event: Event) => {
    event.preventDefault();
    if (!host.validated(petErrors(pet))) return;
    state.known = null;
    host.go('treatments');
  };
  return [
    h(
      'form',
      { novalidate: true, onsubmit: submit },
      c.field(
        'pet_type',
        t('pet_type'),
        c.select(
          Object.entries(PET_TYPE_NUMBERS).map(([name, value]) => [String(value), t(`petType_${name}` as CatalogueKey)]),
          pet.pet_type,
          (value) => (pet.pet_type = value),
        ),
      ),
      c.field(
        'size',
        t('pet_size'),
        c.select(
          PET_SIZES.map((size) => [size, t(`size_${size}`)]),
          pet.size,
          (value) => (pet.size = value),
        ),
      ),
      c.field(
        'hair',
        t('pet_hair'),
        c.select(
          PET_HAIRS.map((hair) => [hair, t(`hair_${hair}`)]),
          pet.hair,
          (value) => (pet.hair = value),
        ),
      ),
      c.field(
        'name',
        t('pet_name'),
        c.input('text', pet.name, (value) => (pet.name = value), { maxlength: '100', autocomplete: 'off' }),
      ),
      host.actions(h('button', { type: 'submit', class: 'pw-primary' }, t('next'))),
    ),
    h('p', null, h('button', { type: 'button', class: 'pw-link', onclick: () => host.go('customer') }, t('alreadyCustomer'))),
  ];
};

/** "I'm already a customer": phone and last name, looked up (their pets, or back to the pet step). */
export const customerStep: StepScreen = (host) => {
  const { t, state, controls: c } = host;
  const contact = state.contact;
  const submit = (event: Event) => {
    event.preventDefault();
    if (!host.validated(customerErrors(contact))) return;
    void host.checkCustomer();
  };
  return [
    h('p', null, t('customerHint')),
    h(
      'form',
      { novalidate: true, onsubmit: submit },
      c.field(
        'fon',
        t('field_fon'),
        c.input('tel', contact.fon, (value) => (contact.fon = value), { autocomplete: 'tel', maxlength: '40' }),
      ),
      c.field(
        'last_name',
        t('field_last_name'),
        c.input('text', contact.last_name, (value) => (contact.last_name = value), { autocomplete: 'family-name', maxlength: '100' }),
      ),
      host.actions(h('button', { type: 'submit', class: 'pw-primary', disabled: host.checkingCustomer }, t('check'))),
    ),
  ];
};

/** The known customer's pets to book for. */
export const knownPetsStep: StepScreen = (host) => {
  const { t, state, controls: c } = host;
  const pets = state.known?.pets ?? [];
  const submit = (event: Event) => {
    event.preventDefault();
    if (state.knownChosen.size === 0) {
      host.setAlert(t('choosePets'));
      return;
    }
    host.setAlert('');
    host.go('treatments');
  };
  return [
    h(
      'form',
      { novalidate: true, onsubmit: submit },
      h(
        'fieldset',
        null,
        h('legend', { class: 'pw-sr-only' }, t('stepPets')),
        pets.map((pet) =>
          c.checkbox(
            `${pet.name} · ${t(PET_TYPE_KEYS[pet.pet_type] ?? 'petType_dog')}`,
            state.knownChosen.has(pet.pet_id),
            (checked) => toggle(state.knownChosen, pet.pet_id, checked),
            'pet',
          ),
        ),
      ),
      host.actions(h('button', { type: 'submit', class: 'pw-primary' }, t('next'))),
    ),
  ];
};
