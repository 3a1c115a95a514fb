// spec §9: constants shown or used by the shell and several screens.
export const APP_VERSION = '11.4.6';

/** R9.11 support answers Monday to Saturday (ISO weekday 1–6). */
export const SUPPORT_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type SupportDay = (typeof SUPPORT_DAYS)[number];

/** Whether support works on a day given as ISO weekday (1 Monday … 7 Sunday). */
export function isSupportDay(isoWeekday: number): boolean {
  return isoWeekday >= 1 && isoWeekday <= SUPPORT_DAYS.length;
}

/** R9.05 page sizes of the paged lists; a list is done when a page returns fewer items (R4.22). */
export const PAGE_SIZES = {
  pet_appointments: 50,
  booking_requests: 100,
  notifications: 50,
  campaigns: 50,
  customer_messages: 200,
  campaign_customers: 200,
} as const;
export type PagedList = keyof typeof PAGE_SIZES;

/** R4.22 a list is done when a page returns fewer items than the page size. */
export function isLastPage(list: PagedList, itemsInPage: number): boolean {
  return itemsInPage < PAGE_SIZES[list];
}

/** R9.07 layout. */
export const MINI_DRAWER_WIDTH = 72;
export const MINI_VARIANT_STORAGE_KEY = 'mini_variant';
export const NOTIFICATION_PANEL = { maxWidth: 600, maxHeight: 500, textWidth: 300 } as const;

/** R9.06 timings. */
export const VISIBILITY_THROTTLE_MS = 300;
export const SOCKET_RECONNECT_MS = 1000;
export const DAILY_MESSAGE_COUNT_JOB = { hour: 12, minute: 30 } as const;

/** R9.04 upload limits per file kind. */
export const UPLOAD_LIMITS = {
  whatsapp_profile: { maxFiles: 1, extensions: ['jpg', 'png'], maxBytes: 1_048_576 },
  customer_privacy: { maxFiles: 1, extensions: ['pdf', 'docx', 'doc', 'jpg', 'png'], maxBytes: 2_097_152 },
  pet_image: { maxFiles: 4, extensions: ['jpg', 'png'], maxBytes: 1_048_576 },
  /** issue 31 the proof of one vaccination (a photo or the vet's PDF); beyond the spec, as large as a customer file */
  vaccination_proof: { maxFiles: 1, extensions: ['pdf', 'jpg', 'png'], maxBytes: 2_097_152 },
} as const;
export type FileKind = keyof typeof UPLOAD_LIMITS;

/** R5.11 WhatsApp free text limit. */
export const WHATSAPP_FREE_TEXT_MAX = 500;
