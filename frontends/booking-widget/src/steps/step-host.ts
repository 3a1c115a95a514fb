import type { PublicStore } from '@pawline/contracts';
import type { BookingState, FieldErrors, Step } from '../booking-state';
import type { Child } from '../dom';
import type { FormControls } from '../form-controls';
import type { Translate, WidgetLanguage } from '../i18n';

/** What a step's screen may read and do: the app (booking-app.ts) is its host. */
export type StepHost = {
  t: Translate;
  language: WidgetLanguage;
  state: BookingState;
  store: PublicStore;
  controls: FormControls;
  /** The step's buttons, after Back when there is a step before. */
  actions(...children: Child[]): HTMLElement;
  go(step: Step): void;
  setAlert(text: string): void;
  /** Shows the errors found, focusing the first field with one; true when there were none. */
  validated(errors: FieldErrors): boolean;
  /** Today in the store's time zone. */
  today(): string;
  /** Whether the week after the one from `from` is still within the store's horizon. */
  canGoForward(from: string): boolean;
  /** "I'm already a customer": looks up the phone and last name typed. */
  checkCustomer(): Promise<void>;
  checkingCustomer: boolean;
  loadWeek(from: string, findFirstFree?: boolean): Promise<void>;
  /** Secures (proof of work) and sends the request. */
  send(): Promise<void>;
  /** issue 30 secures and sends the waitlist entry. */
  joinWaitlist(): Promise<void>;
  bookAnother(): void;
};

/** A step's screen: what it shows under the heading. */
export type StepScreen = (host: StepHost) => Child[];
