export * from './appointment-duration';
export * from './availability';
export * from './booking-rule';
export * from './capacity';
export * from './proof-of-work';
export * from './service-time';
export * from './staff-hours';
export * from './no-show-risk';
