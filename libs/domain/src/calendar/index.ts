export * from './calendar-range';
export * from './appointment-card';
