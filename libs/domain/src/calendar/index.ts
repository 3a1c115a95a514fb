export * from './calendar-range';
