import { z } from 'zod';
import { defineRpc } from '../core';
import { CANCELLATION_WINDOW_HOURS_MAX } from '../scheduling/customer-attendance.rpc';
import { MONEY_CENTS_MAX } from '../scheduling/scheduling-shapes';
import { CARD_REQUIRED_FOR, CLOSE_AFTER_NO_SHOWS_MAX, DEPOSIT_KINDS, NO_SHOW_PROTECTIONS } from '../constants/no-show';
import { bookingStoreScope } from './booking-shapes';

const cents = z.number().int().min(0).max(MONEY_CENTS_MAX);
const text = z.string().trim().max(500);

/** A text for customers per language; a language left out falls back to another the salon wrote (noShowPolicyText). */
export const policyTextsSchema = z.strictObject({ en: text, it: text, de: text, fr: text }).partial();
export type PolicyTexts = z.infer<typeof policyTextsSchema>;

/** Issue 30 a store's no-show policy as staff write it; money in cents. */
export const noShowPolicyFieldsSchema = z.strictObject({
  protection: z.enum(NO_SHOW_PROTECTIONS),
  deposit_kind: z.enum(DEPOSIT_KINDS),
  /** the deposit when fixed */
  deposit_amount: cents,
  /** the deposit as a share of the estimated price when a percentage */
  deposit_percent: z.number().int().min(1).max(100),
  /** a cancellation closer to the start than this is late */
  cancellation_window_hours: z.number().int().min(0).max(CANCELLATION_WINDOW_HOURS_MAX),
  late_cancellation_fee: cents,
  no_show_fee: cents,
  card_required_for: z.enum(CARD_REQUIRED_FOR),
  /** online booking refuses a customer with this many no-shows; null: never */
  close_after_no_shows: z.number().int().min(1).max(CLOSE_AFTER_NO_SHOWS_MAX).nullable(),
  /** what a customer refused by close_after_no_shows reads */
  closed_message: policyTextsSchema,
  /** the policy as the widget will show it before a request */
  widget_text: policyTextsSchema,
  /** the policy as the confirmation message will carry it */
  confirmation_text: policyTextsSchema,
});
export type NoShowPolicyFields = z.infer<typeof noShowPolicyFieldsSchema>;

export const noShowPolicySchema = noShowPolicyFieldsSchema.extend({
  orga_id: z.string().uuid(),
  store_id: z.string().uuid(),
  /** who saved it last and when; null while the store keeps the defaults */
  updated_by: z.string().uuid().nullable(),
  updated_at: z.string().nullable(),
});
export type NoShowPolicy = z.infer<typeof noShowPolicySchema>;

/** The store's no-show policy, the defaults (nothing asked, nothing closed) while none was saved (store readers). */
export const getNoShowPolicyRpc = defineRpc('rpc.booking.no-show-policy.get', z.strictObject(bookingStoreScope), noShowPolicySchema);

/** Saves the whole policy (store administrators); contradictions answer validation_failed with the fields. */
export const saveNoShowPolicyRpc = defineRpc(
  'rpc.booking.no-show-policy.save',
  noShowPolicyFieldsSchema.extend(bookingStoreScope),
  noShowPolicySchema,
);
