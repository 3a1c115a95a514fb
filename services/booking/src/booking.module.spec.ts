import { handlesMessages, listedIn } from '@pawline/nest-kit/testing';
import { BookingModule } from './booking.module';
import { DirectoryHandlers } from './directory/directory.handlers';
import { PublicBookingHandlers } from './public/public-booking.handlers';
import { BookingRuleHandlers } from './rule/booking-rule.handlers';
import { BookingSlotHandlers } from './slot/booking-slot.handlers';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';

const listed = (key: 'controllers' | 'providers') => listedIn(BookingModule, key);

describe('booking module', () => {
  it('lists its handler classes as controllers', () => {
    expect(listed('controllers')).toEqual(
      expect.arrayContaining([OrgaPurgeHandlers, DirectoryHandlers, BookingRuleHandlers, BookingSlotHandlers, PublicBookingHandlers]),
    );
    expect(listed('controllers').every(handlesMessages)).toBe(true);
  });

  it('lists no handler class as a provider', () => {
    expect(listed('providers').filter(handlesMessages)).toEqual([]);
  });
});
