export * from './admin-notification-policy';
