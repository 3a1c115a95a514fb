import {
  PET_HAIRS,
  PET_SIZES,
  PET_TYPES,
  type FreeSlot,
  type PublicAvailability,
  type PublicPetInput,
  type PublicStore,
} from '@pawline/contracts';
import { addDays, daysBetween, formatDay, todayIn } from './calendar-days';
import { h, mount, uid, type Child } from './dom';
import type { CatalogueKey, Translate, WidgetLanguage } from './i18n';
import { solveChallenge } from './proof-of-work';
import { WidgetApiError, type Booked, type Challenge, type CustomerCheck, type PublicApi } from './public-api';

// The booking flow, one screen per step, each with Back: pet (or the known customer's pets) →
// treatments → groomer → slot → contact and consents → confirmation.

export type Step = 'pet' | 'customer' | 'pets' | 'treatments' | 'groomer' | 'slot' | 'contact' | 'done';

/** the pet types a customer chooses from (spec §3 numbers) */
export const PET_TYPE_NUMBERS = { dog: PET_TYPES.dog, cat: PET_TYPES.cat, rabbit: PET_TYPES.rabbit } as const;
const PET_TYPE_KEYS: Record<number, CatalogueKey> = { 0: 'petType_dog', 1: 'petType_dog', 2: 'petType_cat', 3: 'petType_rabbit' };
const SIZES = PET_SIZES;
const HAIRS = PET_HAIRS;
const STEP_NUMBER: Record<Step, number> = { pet: 1, customer: 1, pets: 1, treatments: 2, groomer: 3, slot: 4, contact: 5, done: 6 };
const WEEK = 7;
/** weeks looked through for the first one with a free time before the widget shows an empty week */
const AUTO_WEEKS = 8;

type Contact = {
  first_name: string;
  last_name: string;
  fon: string;
  email: string;
  notes: string;
  consent_messages: boolean;
  consent_reminders: boolean;
  consent_marketing: boolean;
  accept_privacy: boolean;
};
type NewPet = { name: string; pet_type: string; size: string; hair: string };
type KnownPet = CustomerCheck['pets'][number];
type Week = { from: string; days: PublicAvailability['days'] | null };
type Busy = { kind: 'idle' } | { kind: 'loading' } | { kind: 'securing'; share: number } | { kind: 'sending' };

export type BookingAppOptions = {
  api: PublicApi;
  language: () => WidgetLanguage;
  t: () => Translate;
  now?: () => number;
  solve?: typeof solveChallenge;
};

const emptyContact = (): Contact => ({
  first_name: '',
  last_name: '',
  fon: '',
  email: '',
  notes: '',
  consent_messages: false,
  consent_reminders: false,
  consent_marketing: false,
  accept_privacy: false,
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class BookingApp {
  readonly element: HTMLElement;
  private readonly status: HTMLElement;
  private readonly alert: HTMLElement;
  private readonly content: HTMLElement;
  private store: PublicStore | null = null;
  private storeFailure: WidgetApiError | null = null;
  private step: Step = 'pet';
  private history: Step[] = [];
  private newPet: NewPet = { name: '', pet_type: '', size: '', hair: '' };
  private known: { fon: string; last_name: string; pets: KnownPet[] } | null = null;
  private knownChosen = new Set<string>();
  private treatmentIds = new Set<string>();
  private userId: string | null = null;
  private week: Week | null = null;
  private slot: FreeSlot | null = null;
  /** the challenge a lost race's answer brought for the next try */
  private nextChallenge: Challenge | null = null;
  private contact = emptyContact();
  private booked: Booked | null = null;
  private busy: Busy = { kind: 'idle' };
  private fieldErrors: Record<string, CatalogueKey> = {};
  private weekRequest = 0;

  constructor(private readonly options: BookingAppOptions) {
    this.status = h('div', { class: 'pw-status', role: 'status', 'aria-live': 'polite' });
    this.alert = h('div', { class: 'pw-alert', role: 'alert', 'aria-live': 'assertive' });
    this.content = h('div', { class: 'pw-content' });
    this.element = h('div', { class: 'pw-app' }, this.alert, this.content, this.status);
  }

  private get t(): Translate {
    return this.options.t();
  }

  /** The current step, for the element and tests. */
  get currentStep(): Step {
    return this.step;
  }

  async start(): Promise<void> {
    if (this.store || this.busy.kind === 'loading') return;
    this.busy = { kind: 'loading' };
    this.render(false);
    try {
      this.store = await this.options.api.store();
      this.storeFailure = null;
    } catch (error) {
      this.storeFailure = asApiError(error);
    }
    this.busy = { kind: 'idle' };
    this.render(false);
  }

  /** The language changed: the same step again in it. */
  relabel(): void {
    this.render(false);
  }

  /** Moves focus to the step's heading (screen readers read where they are). */
  focusHeading(): void {
    this.content.querySelector<HTMLElement>('h2')?.focus();
  }

  private go(step: Step): void {
    this.history.push(this.step);
    this.step = step;
    this.fieldErrors = {};
    this.render(true);
  }

  private back(): void {
    const previous = this.history.pop();
    if (!previous) return;
    this.step = previous;
    this.fieldErrors = {};
    this.setAlert('');
    this.render(true);
  }

  private setAlert(text: string): void {
    this.alert.textContent = text;
    this.alert.hidden = text === '';
  }

  private setStatus(text: string): void {
    this.status.textContent = text;
  }

  private errorText(error: unknown): string {
    const failure = asApiError(error);
    if (failure.code === 'rate_limited' || failure.status === 429) return this.t('rate_limited');
    if (failure.code === 'network') return this.t('network');
    if (failure.code === 'slot_taken') return failure.message || this.t('slotTaken');
    return failure.message || this.t('unknown');
  }

  private render(focus: boolean): void {
    const t = this.t;
    this.setAlert(this.alert.textContent ?? '');
    if (this.busy.kind === 'loading' && !this.store) {
      mount(this.content, h('p', { class: 'pw-muted' }, t('loading')));
      return;
    }
    if (!this.store || !this.store.enabled) {
      const failure = this.storeFailure;
      // unknown, switched off, or its organization's plan lost online booking (402 plan_required, R1.20): no retry helps
      const closed = !failure || failure.status === 404 || failure.status === 402;
      const text = closed ? t('storeUnavailable') : this.errorText(failure);
      mount(
        this.content,
        h('h2', { tabindex: -1 }, t('title')),
        h('p', null, text),
        !closed && h('button', { type: 'button', class: 'pw-secondary', onclick: () => void this.start() }, t('retry')),
      );
      return;
    }
    const screens: Record<Step, () => Child[]> = {
      pet: () => this.petScreen(),
      customer: () => this.customerScreen(),
      pets: () => this.knownPetsScreen(),
      treatments: () => this.treatmentsScreen(),
      groomer: () => this.groomerScreen(),
      slot: () => this.slotScreen(),
      contact: () => this.contactScreen(),
      done: () => this.doneScreen(),
    };
    const headings: Record<Step, CatalogueKey> = {
      pet: 'stepPet',
      customer: 'stepCustomer',
      pets: 'stepPets',
      treatments: 'stepTreatments',
      groomer: 'stepGroomer',
      slot: 'stepSlot',
      contact: 'stepContact',
      done: 'stepDone',
    };
    const headingId = uid('step');
    mount(
      this.content,
      h(
        'section',
        { class: 'pw-step', 'data-step': this.step, 'aria-labelledby': headingId },
        this.step !== 'done' && h('p', { class: 'pw-muted pw-progress' }, t('stepOf', { step: STEP_NUMBER[this.step], count: 5 })),
        h('h2', { id: headingId, tabindex: -1 }, t(headings[this.step])),
        screens[this.step](),
      ),
    );
    if (focus) this.focusHeading();
  }

  private backButton(): Child {
    return this.history.length > 0 && h('button', { type: 'button', class: 'pw-secondary', onclick: () => this.back() }, this.t('back'));
  }

  private actions(...children: Child[]): HTMLElement {
    return h('div', { class: 'pw-actions' }, this.backButton(), children);
  }

  /** A labelled field with its error text (aria-invalid, aria-describedby). */
  private field(
    name: string,
    label: string,
    control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
    hint?: string,
  ): HTMLElement {
    const id = uid(name);
    control.id = id;
    control.name = name;
    const error = this.fieldErrors[name];
    const errorId = `${id}-error`;
    if (error) {
      control.setAttribute('aria-invalid', 'true');
      control.setAttribute('aria-describedby', errorId);
    }
    return h(
      'div',
      { class: 'pw-field' },
      h('label', { for: id }, label, hint && h('span', { class: 'pw-muted' }, ` (${hint.toLowerCase()})`)),
      control,
      error && h('p', { id: errorId, class: 'pw-field-error' }, this.t(error)),
    );
  }

  private select(options: [string, string][], value: string, onChange: (value: string) => void): HTMLSelectElement {
    return h(
      'select',
      { onchange: (event: Event) => onChange((event.target as HTMLSelectElement).value) },
      h('option', { value: '' }, this.t('choose')),
      options.map(([optionValue, label]) => h('option', { value: optionValue, selected: optionValue === value }, label)),
    );
  }

  private input(type: string, value: string, onInput: (value: string) => void, extra: Record<string, string> = {}): HTMLInputElement {
    return h('input', { type, value, ...extra, oninput: (event: Event) => onInput((event.target as HTMLInputElement).value) });
  }

  /** Shows the errors found, focusing the first field with one; true when there were none. */
  private validated(errors: Record<string, CatalogueKey>): boolean {
    this.fieldErrors = errors;
    const first = Object.keys(errors)[0];
    if (!first) return true;
    this.render(false);
    this.content.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return false;
  }

  private petScreen(): Child[] {
    const t = this.t;
    const pet = this.newPet;
    const submit = (event: Event) => {
      event.preventDefault();
      const errors: Record<string, CatalogueKey> = {};
      if (!pet.pet_type) errors.pet_type = 'required';
      if (!pet.size) errors.size = 'required';
      if (!pet.hair) errors.hair = 'required';
      if (!pet.name.trim()) errors.name = 'required';
      if (!this.validated(errors)) return;
      this.known = null;
      this.go('treatments');
    };
    return [
      h(
        'form',
        { novalidate: true, onsubmit: submit },
        this.field(
          'pet_type',
          t('pet_type'),
          this.select(
            Object.entries(PET_TYPE_NUMBERS).map(([name, value]) => [String(value), t(`petType_${name}` as CatalogueKey)]),
            pet.pet_type,
            (value) => (pet.pet_type = value),
          ),
        ),
        this.field(
          'size',
          t('pet_size'),
          this.select(
            SIZES.map((size) => [size, t(`size_${size}`)]),
            pet.size,
            (value) => (pet.size = value),
          ),
        ),
        this.field(
          'hair',
          t('pet_hair'),
          this.select(
            HAIRS.map((hair) => [hair, t(`hair_${hair}`)]),
            pet.hair,
            (value) => (pet.hair = value),
          ),
        ),
        this.field(
          'name',
          t('pet_name'),
          this.input('text', pet.name, (value) => (pet.name = value), { maxlength: '100', autocomplete: 'off' }),
        ),
        this.actions(h('button', { type: 'submit', class: 'pw-primary' }, t('next'))),
      ),
      h('p', null, h('button', { type: 'button', class: 'pw-link', onclick: () => this.go('customer') }, t('alreadyCustomer'))),
    ];
  }

  private customerScreen(): Child[] {
    const t = this.t;
    const contact = this.contact;
    const submit = async (event: Event) => {
      event.preventDefault();
      const errors: Record<string, CatalogueKey> = {};
      if (contact.fon.trim().length < 5) errors.fon = 'fonInvalid';
      if (!contact.last_name.trim()) errors.last_name = 'required';
      if (!this.validated(errors)) return;
      await this.work(async () => {
        const answer = await this.options.api.checkCustomer(contact.fon.trim(), contact.last_name.trim());
        if (answer.known && answer.pets.length > 0) {
          this.known = { fon: contact.fon.trim(), last_name: contact.last_name.trim(), pets: answer.pets };
          this.knownChosen = new Set(answer.pets.length === 1 ? [answer.pets[0]?.pet_id ?? ''] : []);
          this.go('pets');
        } else {
          this.known = null;
          this.history = [];
          this.step = 'pet';
          this.setAlert(t('unknownCustomer'));
          this.render(true);
        }
      });
    };
    return [
      h('p', null, t('customerHint')),
      h(
        'form',
        { novalidate: true, onsubmit: (event: Event) => void submit(event) },
        this.field(
          'fon',
          t('field_fon'),
          this.input('tel', contact.fon, (value) => (contact.fon = value), { autocomplete: 'tel', maxlength: '40' }),
        ),
        this.field(
          'last_name',
          t('field_last_name'),
          this.input('text', contact.last_name, (value) => (contact.last_name = value), { autocomplete: 'family-name', maxlength: '100' }),
        ),
        this.actions(h('button', { type: 'submit', class: 'pw-primary', disabled: this.busy.kind !== 'idle' }, t('check'))),
      ),
    ];
  }

  private knownPetsScreen(): Child[] {
    const t = this.t;
    const pets = this.known?.pets ?? [];
    const submit = (event: Event) => {
      event.preventDefault();
      if (this.knownChosen.size === 0) {
        this.setAlert(t('choosePets'));
        return;
      }
      this.setAlert('');
      this.go('treatments');
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
            this.checkbox(
              `${pet.name} · ${t(PET_TYPE_KEYS[pet.pet_type] ?? 'petType_dog')}`,
              this.knownChosen.has(pet.pet_id),
              (checked) => toggle(this.knownChosen, pet.pet_id, checked),
              'pet',
            ),
          ),
        ),
        this.actions(h('button', { type: 'submit', class: 'pw-primary' }, t('next'))),
      ),
    ];
  }

  private checkbox(label: Child, checked: boolean, onChange: (checked: boolean) => void, name: string): HTMLElement {
    return h(
      'label',
      { class: 'pw-choice' },
      h('input', { type: 'checkbox', name, checked, onchange: (event: Event) => onChange((event.target as HTMLInputElement).checked) }),
      h('span', null, label),
    );
  }

  private treatmentsScreen(): Child[] {
    const t = this.t;
    const submit = (event: Event) => {
      event.preventDefault();
      if (this.treatmentIds.size === 0) {
        this.setAlert(t('chooseTreatments'));
        return;
      }
      this.setAlert('');
      this.go('groomer');
    };
    return [
      h(
        'form',
        { novalidate: true, onsubmit: submit },
        h(
          'fieldset',
          null,
          h('legend', { class: 'pw-sr-only' }, t('stepTreatments')),
          (this.store?.treatments ?? []).map((treatment) =>
            this.checkbox(
              [treatment.name, h('span', { class: 'pw-muted' }, ` · ${t('minutes', { count: treatment.duration })}`)],
              this.treatmentIds.has(treatment.id),
              (checked) => {
                if (checked && this.treatmentIds.size >= 10) return;
                toggle(this.treatmentIds, treatment.id, checked);
              },
              'treatment',
            ),
          ),
        ),
        this.actions(h('button', { type: 'submit', class: 'pw-primary' }, t('next'))),
      ),
    ];
  }

  private groomerScreen(): Child[] {
    const t = this.t;
    const choices: [string | null, string][] = [
      [null, t('anyGroomer')],
      ...(this.store?.staff ?? []).map((s): [string, string] => [s.user_id, s.first_name]),
    ];
    const submit = (event: Event) => {
      event.preventDefault();
      this.week = null;
      this.slot = null;
      this.go('slot');
      void this.loadWeek(this.today(), true);
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
                checked: this.userId === id,
                onchange: () => (this.userId = id),
              }),
              h('span', null, name),
            ),
          ),
        ),
        this.actions(h('button', { type: 'submit', class: 'pw-primary' }, t('next'))),
      ),
    ];
  }

  private today(): string {
    return todayIn(this.store?.time_zone ?? 'UTC', (this.options.now ?? Date.now)());
  }

  /** The pets of the request: the known customer's chosen ones, or the one described. */
  private pets(): PublicPetInput[] {
    if (this.known) {
      return this.known.pets
        .filter((pet) => this.knownChosen.has(pet.pet_id))
        .map((pet) => ({
          pet_id: pet.pet_id,
          name: pet.name,
          pet_type: pet.pet_type as PublicPetInput['pet_type'],
          breed: pet.breed,
          size: pet.size as PublicPetInput['size'],
          hair: pet.hair as PublicPetInput['hair'],
        }));
    }
    return [
      {
        pet_id: null,
        name: this.newPet.name.trim(),
        pet_type: Number(this.newPet.pet_type) as PublicPetInput['pet_type'],
        breed: null,
        size: this.newPet.size as PublicPetInput['size'],
        hair: this.newPet.hair as PublicPetInput['hair'],
      },
    ];
  }

  /** The free times of the week from `from`; `findFirstFree` moves on to the first week with one. */
  async loadWeek(from: string, findFirstFree = false): Promise<void> {
    const request = (this.weekRequest += 1);
    this.week = { from, days: null };
    this.render(false);
    this.setStatus(this.t('loading'));
    try {
      let week = from;
      for (let tries = 0; ; tries += 1) {
        const answer = await this.options.api.availability({
          from: week,
          days: WEEK,
          pets: this.pets(),
          treatment_ids: [...this.treatmentIds],
          user_id: this.userId,
        });
        if (request !== this.weekRequest) return;
        const free = answer.days.some((day) => day.slots.length > 0);
        if (free || !findFirstFree || tries + 1 >= AUTO_WEEKS || !this.canGoForward(week)) {
          this.week = { from: week, days: answer.days };
          break;
        }
        week = addDays(week, WEEK);
      }
      this.setStatus('');
    } catch (error) {
      if (request !== this.weekRequest) return;
      this.week = { from, days: [] };
      this.setStatus('');
      this.setAlert(this.errorText(error));
    }
    this.render(false);
  }

  private canGoForward(from: string): boolean {
    return daysBetween(this.today(), addDays(from, WEEK)) < (this.store?.horizon_days ?? 0);
  }

  private slotScreen(): Child[] {
    const t = this.t;
    const language = this.options.language();
    const week = this.week;
    if (!week) return [this.actions()];
    const from = week.from;
    const to = addDays(from, WEEK - 1);
    const canGoBack = daysBetween(this.today(), from) > 0;
    const move = (days: number) => {
      this.setAlert('');
      void this.loadWeek(addDays(from, days));
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
          { type: 'button', class: 'pw-secondary', disabled: !this.canGoForward(from) || !days, onclick: () => move(WEEK) },
          `${t('nextWeek')} ›`,
        ),
      ),
      days === null
        ? h('p', { class: 'pw-muted' }, t('loading'))
        : h(
            'div',
            { class: 'pw-days' },
            !anyFree && h('p', null, this.canGoForward(from) ? t('noTimesWeek') : t('noTimesSoon')),
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
                                this.slot = slot;
                                this.setAlert('');
                                this.go('contact');
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
      this.actions(),
    ];
  }

  private contactScreen(): Child[] {
    const t = this.t;
    const contact = this.contact;
    const slot = this.slot;
    const language = this.options.language();
    const working = this.busy.kind !== 'idle';
    const submit = (event: Event) => {
      event.preventDefault();
      const errors: Record<string, CatalogueKey> = {};
      if (!contact.first_name.trim()) errors.first_name = 'required';
      if (!contact.last_name.trim()) errors.last_name = 'required';
      if (contact.fon.trim().length < 5) errors.fon = 'fonInvalid';
      if (contact.email.trim() && !EMAIL.test(contact.email.trim())) errors.email = 'emailInvalid';
      if (!contact.accept_privacy) errors.accept_privacy = 'privacyRequired';
      if (!this.validated(errors)) return;
      void this.send();
    };
    const consent = (name: keyof Contact & `consent_${string}`, label: CatalogueKey) =>
      this.checkbox(t(label), contact[name], (checked) => (contact[name] = checked), name);
    const privacyError = this.fieldErrors.accept_privacy;
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
          this.field(
            'first_name',
            t('field_first_name'),
            this.input('text', contact.first_name, (value) => (contact.first_name = value), {
              autocomplete: 'given-name',
              maxlength: '100',
            }),
          ),
          this.field(
            'last_name',
            t('field_last_name'),
            this.input('text', contact.last_name, (value) => (contact.last_name = value), {
              autocomplete: 'family-name',
              maxlength: '100',
            }),
          ),
          this.field(
            'fon',
            t('field_fon'),
            this.input('tel', contact.fon, (value) => (contact.fon = value), { autocomplete: 'tel', maxlength: '40' }),
          ),
          this.field(
            'email',
            t('field_email'),
            this.input('email', contact.email, (value) => (contact.email = value), { autocomplete: 'email', maxlength: '254' }),
            t('optional'),
          ),
          this.field(
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
        this.busy.kind === 'securing' &&
          h(
            'div',
            { class: 'pw-securing' },
            h('p', null, t('securing')),
            h('progress', { max: 100, value: Math.round(this.busy.share * 100), 'aria-label': t('securing') }),
          ),
        this.busy.kind === 'sending' && h('p', { class: 'pw-securing' }, t('sending')),
        this.actions(h('button', { type: 'submit', class: 'pw-primary', disabled: working }, t('send'))),
      ),
    ];
  }

  /** Runs a call with the form locked; its failure goes to the alert in the widget's language. */
  private async work(task: () => Promise<void>): Promise<void> {
    const before = this.step;
    this.busy = { kind: 'sending' };
    this.setAlert('');
    this.render(false);
    try {
      await task();
    } catch (error) {
      this.setAlert(this.errorText(error));
    } finally {
      this.busy = { kind: 'idle' };
      this.render(this.step !== before);
    }
  }

  private async send(): Promise<void> {
    const slot = this.slot;
    if (!slot) return;
    const contact = this.contact;
    this.busy = { kind: 'securing', share: 0 };
    this.setAlert('');
    this.setStatus(this.t('securing'));
    this.render(false);
    try {
      // a lost race's answer brought the next challenge: the retry asks for none
      const challenge = this.nextChallenge ?? (await this.options.api.challenge());
      this.nextChallenge = null;
      const progress = this.content.querySelector('progress');
      const solution = await (this.options.solve ?? solveChallenge)(challenge.challenge, challenge.difficulty, {
        onProgress: (share) => progress?.setAttribute('value', String(Math.round(share * 100))),
      });
      this.busy = { kind: 'sending' };
      this.setStatus(this.t('sending'));
      this.render(false);
      const optional = (text: string) => (text.trim() === '' ? null : text.trim());
      this.booked = await this.options.api.request({
        slot_token: slot.token,
        starts_at: slot.starts_at,
        user_id: this.userId,
        treatment_ids: [...this.treatmentIds],
        pets: this.pets(),
        first_name: contact.first_name.trim(),
        last_name: contact.last_name.trim(),
        fon: contact.fon.trim(),
        email: optional(contact.email),
        notes: optional(contact.notes),
        consent_messages: contact.consent_messages,
        consent_reminders: contact.consent_reminders,
        consent_marketing: contact.consent_marketing,
        accept_privacy: true,
        language: this.options.language(),
        challenge: challenge.challenge,
        nonce: solution.nonce,
      });
      this.busy = { kind: 'idle' };
      this.setStatus('');
      this.history = [];
      this.step = 'done';
      this.render(true);
    } catch (error) {
      this.busy = { kind: 'idle' };
      this.setStatus('');
      const failure = asApiError(error);
      if (failure.status === 409 && failure.availability) {
        // the slot went to someone else: back to the week with the fresh times the answer brought
        this.slot = null;
        this.nextChallenge = failure.challenge;
        const fresh = failure.availability.days;
        this.week = { from: fresh[0]?.date ?? this.week?.from ?? this.today(), days: fresh };
        this.weekRequest += 1;
        this.history.pop();
        this.step = 'slot';
        this.setAlert(this.errorText(failure));
        this.render(true);
        return;
      }
      this.setAlert(this.errorText(failure));
      this.render(false);
    }
  }

  private doneScreen(): Child[] {
    const t = this.t;
    const booked = this.booked;
    if (!booked) return [];
    const language = this.options.language();
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
            onclick: () => {
              this.reset();
              this.render(true);
            },
          },
          t('bookAnother'),
        ),
      ),
    ];
  }

  private reset(): void {
    this.step = 'pet';
    this.history = [];
    this.newPet = { name: '', pet_type: '', size: '', hair: '' };
    this.known = null;
    this.knownChosen.clear();
    this.treatmentIds.clear();
    this.userId = null;
    this.week = null;
    this.slot = null;
    const { first_name, last_name, fon, email } = this.contact;
    this.contact = { ...emptyContact(), first_name, last_name, fon, email };
    this.booked = null;
    this.setAlert('');
  }
}

function toggle(set: Set<string>, id: string, on: boolean): void {
  if (on) set.add(id);
  else set.delete(id);
}

function asApiError(error: unknown): WidgetApiError {
  if (error instanceof WidgetApiError) return error;
  return new WidgetApiError(0, 'unknown', '');
}
