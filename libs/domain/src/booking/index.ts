export * from './availability';
export * from './booking-rule';
export * from './proof-of-work';
export * from './service-time';
