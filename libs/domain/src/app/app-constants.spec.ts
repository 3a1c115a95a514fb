import {
  APP_VERSION,
  MINI_DRAWER_WIDTH,
  MINI_VARIANT_STORAGE_KEY,
  NOTIFICATION_PANEL,
  PAGE_SIZES,
  SOCKET_RECONNECT_MS,
  SUPPORT_DAYS,
  UPLOAD_LIMITS,
  VISIBILITY_THROTTLE_MS,
  WHATSAPP_FREE_TEXT_MAX,
  isLastPage,
  isSupportDay,
} from './app-constants';

describe('app constants', () => {
  it('R9.11 shows version 11.4.6 and support runs Monday to Saturday', () => {
    expect(APP_VERSION).toBe('11.4.6');
    expect(SUPPORT_DAYS).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']);
    expect([1, 2, 3, 4, 5, 6].every(isSupportDay)).toBe(true);
    expect(isSupportDay(7)).toBe(false);
  });

  it('R9.05 page sizes, and a short page ends the list', () => {
    expect(PAGE_SIZES).toEqual({
      pet_appointments: 50,
      booking_requests: 100,
      notifications: 50,
      campaigns: 50,
      customer_messages: 200,
      campaign_customers: 200,
    });
    expect(isLastPage('notifications', 49)).toBe(true);
    expect(isLastPage('notifications', 50)).toBe(false);
    expect(isLastPage('booking_requests', 99)).toBe(true);
  });

  it('R2.06 R9.07 mini drawer width 72 kept under mini_variant; notification panel 600 × 500, text 300', () => {
    expect(MINI_DRAWER_WIDTH).toBe(72);
    expect(MINI_VARIANT_STORAGE_KEY).toBe('mini_variant');
    expect(NOTIFICATION_PANEL).toEqual({ maxWidth: 600, maxHeight: 500, textWidth: 300 });
  });

  it('visibility throttle 300 ms and socket reconnect 1 s', () => {
    expect(VISIBILITY_THROTTLE_MS).toBe(300);
    expect(SOCKET_RECONNECT_MS).toBe(1000);
  });

  it('R9.04 upload limits and free text length', () => {
    expect(UPLOAD_LIMITS.pet_image).toEqual({ maxFiles: 4, extensions: ['jpg', 'png'], maxBytes: 1048576 });
    expect(UPLOAD_LIMITS.customer_privacy.maxBytes).toBe(2097152);
    expect(UPLOAD_LIMITS.whatsapp_profile.maxFiles).toBe(1);
    expect(WHATSAPP_FREE_TEXT_MAX).toBe(500);
  });
});
