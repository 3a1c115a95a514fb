import { z } from 'zod';
import { defineEvent } from '../core';
import { bookingMessageFactsSchema } from './slot-events.event';

const uuid = z.string().uuid();

/** A waitlist entry was added, changed or removed: the staff's waitlist screen reloads (realtime). */
export const waitlistEntryChangedEvent = defineEvent(
  'evt.booking.waitlist.changed.v1',
  z.object({ orga_id: uuid, store_id: uuid, entry_id: uuid }),
);

/** An offer went out: messaging sends the WhatsApp offer with its "Take it" button (customer facts as for a request). */
export const waitlistOfferMadeEvent = defineEvent(
  'evt.booking.waitlist-offer.made.v1',
  z.object({
    orga_id: uuid,
    store_id: uuid,
    offer_id: uuid,
    entry_id: uuid,
    expires_at: z.string(),
    customer: bookingMessageFactsSchema,
  }),
);

/**
 * An offer closed: taken (the booking request's own messages follow), expired (the next candidates get theirs), or
 * gone (someone else took the time, or staff filled it): messaging tells the customer it is gone.
 */
export const waitlistOfferClosedEvent = defineEvent(
  'evt.booking.waitlist-offer.closed.v1',
  z.object({
    orga_id: uuid,
    store_id: uuid,
    offer_id: uuid,
    entry_id: uuid,
    outcome: z.enum(['taken', 'expired', 'gone']),
    customer: bookingMessageFactsSchema,
  }),
);
