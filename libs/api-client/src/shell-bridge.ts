import type { ApiClient } from './api-client';
import type { Language, Organization, PersonUser, RealtimeMessage } from './api-types';

/**
 * spec §4 snackbar types (R4.05): error 0, warn 1, success 2, normal 3. Callers name them with SNACKBAR_TYPE
 * of @pawline/ui (libs/domain, which this library may not import); the shell's type test checks both agree.
 */
export type BridgeSnackbarType = 0 | 1 | 2 | 3;

/**
 * What the shell hands to a remote's exposed routes. Passed as props (not React context)
 * because each federated bundle carries its own copy of our libs.
 */
export type ShellBridge = {
  api: ApiClient;
  user: PersonUser;
  language: Language;
  /** Shows a snackbar: `notify(SNACKBAR_TYPE.success, text)`; the one feedback of a write (useApiMutation's `success`). */
  notify: (type: BridgeSnackbarType, message: string) => void;
  /** Re-reads the person data after the remote changed it. */
  reloadUser: () => Promise<void>;
  /** Stores a language choice and reloads the page (R1.03). */
  changeLanguage: (language: Language) => void;
  /** Clears the local session and goes to / (R2.09). */
  signedOut: () => void;
  appVersion: string;
  /** The signed-in organization as the frame shows it (absent in older shells). */
  orga?: Organization | null;
  /** Re-reads the organization so the frame (store switcher, title) follows a change. */
  reloadOrganization?: () => Promise<void>;
  /**
   * The organization's live messages over the shell's one realtime connection (opened after
   * sign-in, closed on sign-out; this device's own events are already dropped, R4.16).
   * Returns the unsubscribe. Absent in shells older than the shared connection.
   */
  subscribe?: (listener: (message: RealtimeMessage) => void) => () => void;
  /**
   * True when the shell itself raises the local 'Declined appointment' notification of a customer's
   * decline (R4.18) on every page; a remote then does not raise it again. Absent in older shells.
   */
  declinedNotifications?: boolean;
};
