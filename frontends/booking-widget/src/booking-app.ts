import type { PublicAvailability, PublicStore } from '@pawline/contracts';
import {
  advance,
  anotherBooking,
  AUTO_WEEKS,
  initialState,
  requestPets,
  restartAt,
  retreat,
  STEP_HEADINGS,
  STEP_NUMBER,
  WEEK,
  type FieldErrors,
  type Step,
  type Week,
} from './booking-state';
import { addDays, daysBetween, todayIn } from './calendar-days';
import { h, mount, uid, type Child } from './dom';
import { formControls } from './form-controls';
import type { Translate, WidgetLanguage } from './i18n';
import { solveChallenge } from './proof-of-work';
import type { Booked, CustomerCheck, PublicApi, Waitlisted } from './public-api';
import { secureAndJoin, secureAndSend } from './send-request';
import { customerStep, knownPetsStep, petStep } from './steps/pet-steps';
import { groomerStep, treatmentsStep } from './steps/choice-steps';
import { contactStep, doneStep } from './steps/contact-steps';
import { waitlistedStep, waitlistStep } from './steps/waitlist-steps';
import { slotStep } from './steps/slot-step';
import type { StepHost, StepScreen } from './steps/step-host';
import { failureText, WidgetRequest } from './widget-request';

export type { Step } from './booking-state';
export { PET_TYPE_NUMBERS } from './booking-state';

// The booking flow's controller: it holds the state (booking-state.ts), makes the calls through
// WidgetRequest (loading and failure states, the newest call wins), and renders the step's screen
// (steps/*) under its heading, with an alert and a status line for screen readers.

const SCREENS: Record<Step, StepScreen> = {
  pet: petStep,
  customer: customerStep,
  pets: knownPetsStep,
  treatments: treatmentsStep,
  groomer: groomerStep,
  slot: slotStep,
  contact: contactStep,
  done: doneStep,
  waitlist: waitlistStep,
  waitlisted: waitlistedStep,
};

export type BookingAppOptions = {
  api: PublicApi;
  language: () => WidgetLanguage;
  t: () => Translate;
  now?: () => number;
  solve?: typeof solveChallenge;
};

export class BookingApp {
  readonly element: HTMLElement;
  private readonly status: HTMLElement;
  private readonly alert: HTMLElement;
  private readonly content: HTMLElement;
  private readonly state = initialState();
  private readonly storeRequest = new WidgetRequest<PublicStore>(() => this.render(false));
  private readonly customerRequest = new WidgetRequest<CustomerCheck>(() => this.render(false));
  private readonly weekRequest = new WidgetRequest<Week>();
  private readonly sendRequest = new WidgetRequest<Booked>();
  private readonly joinRequest = new WidgetRequest<Waitlisted>();

  constructor(private readonly options: BookingAppOptions) {
    this.status = h('div', { class: 'pw-status', role: 'status', 'aria-live': 'polite' });
    this.alert = h('div', { class: 'pw-alert', role: 'alert', 'aria-live': 'assertive' });
    this.content = h('div', { class: 'pw-content' });
    this.element = h('div', { class: 'pw-app' }, this.alert, this.content, this.status);
  }

  private get t(): Translate {
    return this.options.t();
  }

  private get store(): PublicStore | null {
    return this.storeRequest.state.status === 'ready' ? this.storeRequest.state.value : null;
  }

  /** The current step, for the element and tests. */
  get currentStep(): Step {
    return this.state.step;
  }

  async start(): Promise<void> {
    if (this.store || this.storeRequest.loading) return;
    await this.storeRequest.run(() => this.options.api.store());
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
    advance(this.state, step);
    this.render(true);
  }

  private back(): void {
    if (!retreat(this.state)) return;
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

  private render(focus: boolean): void {
    const t = this.t;
    this.setAlert(this.alert.textContent ?? '');
    const store = this.store;
    if (this.storeRequest.loading && !store) {
      mount(this.content, h('p', { class: 'pw-muted' }, t('loading')));
      return;
    }
    if (!store || !store.enabled) {
      const failure = this.storeRequest.state.status === 'failed' ? this.storeRequest.state.error : null;
      // unknown, switched off, or its organization's plan lost online booking (402 plan_required, R1.20): no retry helps
      const closed = !failure || failure.status === 404 || failure.status === 402;
      mount(
        this.content,
        h('h2', { tabindex: -1 }, t('title')),
        h('p', null, closed ? t('storeUnavailable') : failureText(t, failure)),
        !closed && h('button', { type: 'button', class: 'pw-secondary', onclick: () => void this.start() }, t('retry')),
      );
      return;
    }
    const step = this.state.step;
    const headingId = uid('step');
    mount(
      this.content,
      h(
        'section',
        { class: 'pw-step', 'data-step': step, 'aria-labelledby': headingId },
        step !== 'done' && h('p', { class: 'pw-muted pw-progress' }, t('stepOf', { step: STEP_NUMBER[step], count: 5 })),
        h('h2', { id: headingId, tabindex: -1 }, t(STEP_HEADINGS[step])),
        SCREENS[step](this.host(store)),
      ),
    );
    if (focus) this.focusHeading();
  }

  /** What the step's screen gets: the state, the form pieces, and the app's moves. */
  private host(store: PublicStore): StepHost {
    const t = this.t;
    return {
      t,
      language: this.options.language(),
      state: this.state,
      store,
      controls: formControls(t, this.state.fieldErrors),
      actions: (...children: Child[]) => h('div', { class: 'pw-actions' }, this.backButton(), children),
      go: (step) => this.go(step),
      setAlert: (text) => this.setAlert(text),
      validated: (errors) => this.validated(errors),
      today: () => this.today(),
      canGoForward: (from) => this.canGoForward(from),
      checkCustomer: () => this.checkCustomer(),
      checkingCustomer: this.customerRequest.loading,
      loadWeek: (from, findFirstFree) => this.loadWeek(from, findFirstFree),
      send: () => this.send(),
      joinWaitlist: () => this.joinWaitlist(),
      bookAnother: () => {
        anotherBooking(this.state);
        this.setAlert('');
        this.render(true);
      },
    };
  }

  private backButton(): Child {
    return (
      this.state.history.length > 0 && h('button', { type: 'button', class: 'pw-secondary', onclick: () => this.back() }, this.t('back'))
    );
  }

  private validated(errors: FieldErrors): boolean {
    this.state.fieldErrors = errors;
    const first = Object.keys(errors)[0];
    if (!first) return true;
    this.render(false);
    this.content.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return false;
  }

  private today(): string {
    return todayIn(this.store?.time_zone ?? 'UTC', (this.options.now ?? Date.now)());
  }

  private canGoForward(from: string): boolean {
    return daysBetween(this.today(), addDays(from, WEEK)) < (this.store?.horizon_days ?? 0);
  }

  /** "I'm already a customer": their pets, or back to describing the pet when the salon does not know them. */
  private async checkCustomer(): Promise<void> {
    const { contact } = this.state;
    const fon = contact.fon.trim();
    const lastName = contact.last_name.trim();
    this.setAlert('');
    const outcome = await this.customerRequest.run(() => this.options.api.checkCustomer(fon, lastName));
    if (outcome.stale) return;
    if (outcome.state.status === 'failed') {
      this.setAlert(failureText(this.t, outcome.state.error));
      this.render(false);
      return;
    }
    const answer = outcome.state.value;
    if (answer.known && answer.pets.length > 0) {
      this.state.known = { fon, last_name: lastName, pets: answer.pets };
      this.state.knownChosen = new Set(answer.pets.length === 1 ? [answer.pets[0]?.pet_id ?? ''] : []);
      this.go('pets');
    } else {
      this.state.known = null;
      restartAt(this.state, 'pet');
      this.setAlert(this.t('unknownCustomer'));
      this.render(true);
    }
  }

  /** The free times of the week from `from`; `findFirstFree` moves on to the first week with one. */
  async loadWeek(from: string, findFirstFree = false): Promise<void> {
    this.state.week = { from, days: null };
    this.render(false);
    this.setStatus(this.t('loading'));
    const outcome = await this.weekRequest.run((current) => this.firstWeek(from, findFirstFree, current));
    if (outcome.stale) return;
    this.setStatus('');
    if (outcome.state.status === 'ready') this.state.week = outcome.state.value;
    else {
      this.state.week = { from, days: [] };
      this.setAlert(failureText(this.t, outcome.state.error));
    }
    this.render(false);
  }

  private async firstWeek(from: string, findFirstFree: boolean, current: () => boolean): Promise<Week> {
    let week = from;
    for (let tries = 0; ; tries += 1) {
      const answer: PublicAvailability = await this.options.api.availability({
        from: week,
        days: WEEK,
        pets: requestPets(this.state),
        treatment_ids: [...this.state.treatmentIds],
        user_id: this.state.userId,
      });
      const free = answer.days.some((day) => day.slots.length > 0);
      if (!current() || free || !findFirstFree || tries + 1 >= AUTO_WEEKS || !this.canGoForward(week)) {
        return { from: week, days: answer.days };
      }
      week = addDays(week, WEEK);
    }
  }

  private async send(): Promise<void> {
    const state = this.state;
    if (!state.slot) return;
    state.busy = { kind: 'securing', share: 0 };
    this.setAlert('');
    this.setStatus(this.t('securing'));
    this.render(false);
    const outcome = await this.sendRequest.run(() =>
      secureAndSend(state, {
        api: this.options.api,
        language: this.options.language(),
        solve: this.options.solve ?? solveChallenge,
        onProgress: (share) => this.content.querySelector('progress')?.setAttribute('value', String(Math.round(share * 100))),
        onSolved: () => {
          state.busy = { kind: 'sending' };
          this.setStatus(this.t('sending'));
          this.render(false);
        },
      }),
    );
    if (outcome.stale) return;
    state.busy = { kind: 'idle' };
    this.setStatus('');
    if (outcome.state.status === 'ready') {
      state.booked = outcome.state.value;
      restartAt(state, 'done');
      this.render(true);
      return;
    }
    const failure = outcome.state.error;
    if (failure.status === 409 && failure.availability) {
      // the slot went to someone else: back to the week with the fresh times the answer brought
      state.slot = null;
      state.nextChallenge = failure.challenge;
      const fresh = failure.availability.days;
      state.week = { from: fresh[0]?.date ?? state.week?.from ?? this.today(), days: fresh };
      this.weekRequest.drop();
      state.history.pop();
      state.step = 'slot';
      this.setAlert(failureText(this.t, failure));
      this.render(true);
      return;
    }
    this.setAlert(failureText(this.t, failure));
    this.render(false);
  }

  /** issue 30 nothing fits: the customer joins the waitlist behind a proof of work, and hears when a time frees up. */
  private async joinWaitlist(): Promise<void> {
    const state = this.state;
    state.busy = { kind: 'securing', share: 0 };
    this.setAlert('');
    this.setStatus(this.t('securing'));
    this.render(false);
    const outcome = await this.joinRequest.run(() =>
      secureAndJoin(state, {
        api: this.options.api,
        language: this.options.language(),
        solve: this.options.solve ?? solveChallenge,
        onProgress: (share) => this.content.querySelector('progress')?.setAttribute('value', String(Math.round(share * 100))),
        onSolved: () => {
          state.busy = { kind: 'sending' };
          this.setStatus(this.t('sending'));
          this.render(false);
        },
      }),
    );
    if (outcome.stale) return;
    state.busy = { kind: 'idle' };
    this.setStatus('');
    if (outcome.state.status === 'ready') {
      state.waitlisted = outcome.state.value.until;
      restartAt(state, 'waitlisted');
      this.render(true);
      return;
    }
    this.setAlert(failureText(this.t, outcome.state.error));
    this.render(false);
  }
}
