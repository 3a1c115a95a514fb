import { appointmentOf } from '../test-support/appointments';
import { columnKey, visibleHours } from './grid-layout';

describe('the time grid layout', () => {
  it('shows 7:00 to 21:00 at least, widened to fit every appointment (never past midnight)', () => {
    expect(visibleHours([])).toEqual({ firstHour: 7, lastHour: 21 });
    expect(visibleHours([appointmentOf({ hour: 6, min: 30, duration: 30 })])).toEqual({ firstHour: 6, lastHour: 21 });
    expect(visibleHours([appointmentOf({ hour: 21, min: 15, duration: 60 })])).toEqual({ firstHour: 7, lastHour: 23 });
    expect(visibleHours([appointmentOf({ hour: 23, min: 0, duration: 180 })])).toEqual({ firstHour: 7, lastHour: 24 });
  });

  it('files an appointment under its day, and under its day and staff member (unassigned apart)', () => {
    expect(columnKey('2026-11-18')).toBe('2026-11-18');
    expect(columnKey('2026-11-18', 'anna')).not.toBe(columnKey('2026-11-18', null));
    expect(columnKey('2026-11-18', null)).not.toBe(columnKey('2026-11-18'));
  });
});
