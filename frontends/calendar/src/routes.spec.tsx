import { calendarPageOf } from './routes';

describe('calendar routes', () => {
  it('R2.01 /{orgaId}/store/{storeId} is the calendar and /recurring the recurring appointments', () => {
    expect(calendarPageOf('/o1/store/s1')).toEqual({ page: 'calendar', orgaId: 'o1', storeId: 's1' });
    expect(calendarPageOf('/o1/store/s1/')).toEqual({ page: 'calendar', orgaId: 'o1', storeId: 's1' });
    expect(calendarPageOf('/o1/store/s1/recurring')).toEqual({ page: 'recurring', orgaId: 'o1', storeId: 's1' });
    expect(calendarPageOf('/o1/store/s1/pet')).toEqual({ page: 'none' });
    expect(calendarPageOf('/o1/store')).toEqual({ page: 'none' });
  });
});
