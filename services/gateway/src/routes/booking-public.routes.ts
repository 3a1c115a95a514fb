import { z } from 'zod';
import {
  bookingHttpRoutes as http,
  checkPublicCustomerRpc,
  createPublicBookingRequestRpc,
  getPublicAvailabilityRpc,
  getPublicBookingStoreRpc,
  getPublicChallengeRpc,
  joinPublicWaitlistRpc,
  publicAvailabilitySchema,
  publicChallengeSchema,
  type MessageLanguage,
} from '@pawline/contracts';
import { ApiError } from '../http/api-error';
import { pathParam, rpcRoute, type ApiRoute, type CrossOrigin, type RouteContext, type RouteRateLimit } from '../http/route-definition';
import { RATE_LIMITS } from '../rate-limit/rate-limiter';

// The booking widget's routes (spec §7 "Booking", §1 online booking): no login, no cookie; the store
// public id of the path names the store. The salon's own site may call them from the browser (CORS for
// the store's allowed_origins only), and each address and each store is rate limited (ADR 0022).

const STORE_PUBLIC_ID = /^[a-z0-9]{16}$/;

const publicId = (ctx: Pick<RouteContext, 'params'>) => pathParam(ctx, 'public_id');

/** The store's allowed_origins, asked of booking (a store that is unknown or has booking off allows none). */
export const storeSiteOrigins: CrossOrigin = {
  key: (params) => {
    const id = params['public_id'] ?? '';
    return STORE_PUBLIC_ID.test(id) ? id : null;
  },
  origins: async (id, rpc) => {
    try {
      const store = await rpc.call(getPublicBookingStoreRpc, { public_id: id }, { auth: null, lang: 'en' });
      return store.allowed_origins;
    } catch (error) {
      if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'not_found') return [];
      throw error;
    }
  },
  refused: (lang) => ORIGIN_REFUSED[lang],
};

const ORIGIN_REFUSED: Record<MessageLanguage, string> = {
  en: 'This booking form may not be used on this website. The salon can add the website in its online booking settings.',
  it: 'Questo modulo di prenotazione non può essere usato su questo sito. Il salone può aggiungere il sito nelle impostazioni della prenotazione online.',
  de: 'Dieses Buchungsformular darf auf dieser Website nicht verwendet werden. Der Salon kann die Website in seinen Einstellungen zur Online-Buchung hinzufügen.',
  fr: 'Ce formulaire de réservation ne peut pas être utilisé sur ce site. Le salon peut ajouter le site dans ses réglages de réservation en ligne.',
};

// the caller's address first: once it is over its limit its calls no longer count against the store
const perAddress = (rule: (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS]): RouteRateLimit => ({ rule, key: (ctx) => ctx.ip });
// writes count per address and store: customers behind one carrier address book in other salons unhindered (issue 26)
const perAddressAndStore = (rule: (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS]): RouteRateLimit => ({
  rule,
  key: (ctx) => `${ctx.ip}|${publicId(ctx)}`,
});
const perStore: RouteRateLimit = { rule: RATE_LIMITS.bookingStore, key: publicId };
const READ = [perAddress(RATE_LIMITS.bookingRead), perStore];
const WRITE = [perAddressAndStore(RATE_LIMITS.bookingWrite), perStore];

/** The body of the 409: another request got the time first; the slots as they are now and a fresh challenge. */
const slotTakenSchema = z.object({
  code: z.literal('slot_taken'),
  message: z.string(),
  availability: publicAvailabilitySchema,
  challenge: publicChallengeSchema,
});

const common = { access: 'public', crossOrigin: storeSiteOrigins } as const;

export const bookingPublicRoutes: ApiRoute[] = [
  rpcRoute(http.getPublicBookingStore, {
    ...common,
    rateLimit: READ,
    rpc: getPublicBookingStoreRpc,
    input: (ctx) => ({ public_id: publicId(ctx) }),
  }),
  rpcRoute(http.getPublicAvailability, {
    ...common,
    rateLimit: READ,
    rpc: getPublicAvailabilityRpc,
    input: (ctx) => ({ ...ctx.body, public_id: publicId(ctx) }),
  }),
  rpcRoute(http.checkPublicCustomer, {
    ...common,
    // besides the writes: it answers whether a phone and a last name are a customer of the salon
    rateLimit: [perAddressAndStore(RATE_LIMITS.bookingCustomerCheck), ...WRITE],
    rpc: checkPublicCustomerRpc,
    input: (ctx) => ({ ...ctx.body, public_id: publicId(ctx) }),
  }),
  rpcRoute(http.getPublicChallenge, {
    ...common,
    rateLimit: WRITE,
    rpc: getPublicChallengeRpc,
    input: (ctx) => ({ public_id: publicId(ctx) }),
  }),
  rpcRoute(http.createPublicBookingRequest, {
    ...common,
    rateLimit: WRITE,
    // the request asks crm for the customer, holds the slot and, when taken, computes fresh availability: on a
    // loaded machine that passed the kit's 10 s and the customer saw 503 for a request that was then booked
    timeoutMs: 20_000,
    rpc: createPublicBookingRequestRpc,
    input: (ctx) => ({ ...ctx.body, public_id: publicId(ctx) }),
    // 'taken': the database gave the time to another request; the widget shows the fresh slots
    output: (answer) => {
      if (answer.outcome === 'taken')
        throw new ApiError('slot_taken', { extra: { availability: answer.availability, challenge: answer.challenge } });
      return answer;
    },
    answers: [
      {
        status: 409,
        description: 'slot_taken: the time was booked first by another request; the fresh slots and a fresh challenge',
        schema: slotTakenSchema,
      },
    ],
  }),
  // issue 30 joining the waitlist is a write like a request: a spent challenge, the same limits (ADR 0063)
  rpcRoute(http.joinPublicWaitlist, {
    ...common,
    rateLimit: WRITE,
    rpc: joinPublicWaitlistRpc,
    input: (ctx) => ({ ...ctx.body, public_id: publicId(ctx) }),
  }),
];
