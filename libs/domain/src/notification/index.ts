export * from './admin-notification-policy';
export * from './notification-list';
export * from './visibility-throttle';
