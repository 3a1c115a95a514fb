import { API_ROUTES, apiErrorFromBody, globalFetch, routePath, type FetchLike } from '@pawline/api-client';
import type {
  checkPublicCustomerRpc,
  createPublicBookingRequestRpc,
  getPublicAvailabilityRpc,
  getPublicChallengeRpc,
  joinPublicWaitlistRpc,
  PublicAvailability,
  PublicStore,
} from '@pawline/contracts';
import type { z } from 'zod';
import type { WidgetLanguage } from './i18n';

// The five public booking routes, called from the salon's page across origins (the gateway answers
// CORS for the store's allowed_origins). Only CORS-safelisted headers besides Content-Type, and no
// cookies: the widget has no session.

type Input<T extends { request: z.ZodTypeAny }> = Omit<z.input<T['request']>, 'public_id'>;
type Output<T extends { response: z.ZodTypeAny }> = z.output<T['response']>;

export type AvailabilityQuery = Input<typeof getPublicAvailabilityRpc>;
export type CustomerCheck = Output<typeof checkPublicCustomerRpc>;
export type Challenge = Output<typeof getPublicChallengeRpc>;
export type BookingRequest = Input<typeof createPublicBookingRequestRpc>;
export type WaitlistJoin = Input<typeof joinPublicWaitlistRpc>;
export type Waitlisted = Output<typeof joinPublicWaitlistRpc>;
export type Booked = Extract<Output<typeof createPublicBookingRequestRpc>, { outcome: 'booked' }>;

/** A failed call: the server's code and its message in the widget's language (empty when it sent none). */
export class WidgetApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** 409 slot_taken: the fresh slots the answer brought */
    readonly availability: PublicAvailability | null = null,
    /** 409 slot_taken: a fresh challenge for the next try, so it costs no call of its own */
    readonly challenge: Challenge | null = null,
  ) {
    super(message);
    this.name = 'WidgetApiError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fresh availability of a 409 answer, wherever the gateway put it ({ availability } or { details: { availability } }). */
export function takenAvailability(body: unknown): PublicAvailability | null {
  if (!isRecord(body)) return null;
  const candidate = isRecord(body.availability) ? body.availability : isRecord(body.details) ? body.details.availability : undefined;
  return isRecord(candidate) && Array.isArray(candidate.days) ? (candidate as PublicAvailability) : null;
}

/** The fresh challenge of a 409 slot_taken answer, when it brought one. */
export function takenChallenge(body: unknown): Challenge | null {
  if (!isRecord(body) || !isRecord(body.challenge)) return null;
  const { challenge, difficulty, expires_at } = body.challenge;
  if (typeof challenge !== 'string' || typeof difficulty !== 'number') return null;
  return { challenge, difficulty, expires_at: typeof expires_at === 'string' ? expires_at : '' };
}

export type PublicApiOptions = { origin: string; publicId: string; language: () => WidgetLanguage; fetch?: FetchLike };

export type PublicApi = ReturnType<typeof publicApi>;

export function publicApi(options: PublicApiOptions) {
  const doFetch = options.fetch ?? globalFetch;
  const params = { public_id: options.publicId };

  async function call<T>(route: { readonly method: string; readonly path: string }, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': options.language() };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(`${options.origin}${routePath(route, params)}`, {
        method: route.method.toUpperCase(),
        headers,
        credentials: 'omit',
        mode: 'cors',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new WidgetApiError(0, 'network', error instanceof Error ? error.message : '');
    }
    const text = await response.text();
    if (!response.ok) {
      const failure = apiErrorFromBody(response.status, response.statusText, text);
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        // the message is the raw text then
      }
      const code = response.status === 429 ? 'rate_limited' : failure.code;
      throw new WidgetApiError(
        response.status,
        code,
        isRecord(parsed) && typeof parsed.message === 'string' ? parsed.message : '',
        takenAvailability(parsed),
        takenChallenge(parsed),
      );
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    store: () => call<PublicStore>(API_ROUTES.getPublicBookingStore),
    availability: (query: AvailabilityQuery) => call<PublicAvailability>(API_ROUTES.getPublicAvailability, query),
    checkCustomer: (fon: string, lastName: string) => call<CustomerCheck>(API_ROUTES.checkPublicCustomer, { fon, last_name: lastName }),
    challenge: () => call<Challenge>(API_ROUTES.getPublicChallenge),
    /** 201 booked; a 409 (slot taken) throws with the fresh availability */
    request: async (request: BookingRequest): Promise<Booked> => {
      const answer = await call<Output<typeof createPublicBookingRequestRpc>>(API_ROUTES.createPublicBookingRequest, request);
      if (answer.outcome === 'taken') throw new WidgetApiError(409, 'slot_taken', '', answer.availability, answer.challenge);
      return answer;
    },
    /** issue 30 nothing fits: the customer waits for an offer on WhatsApp */
    joinWaitlist: (join: WaitlistJoin) => call<Waitlisted>(API_ROUTES.joinPublicWaitlist, join),
  };
}
