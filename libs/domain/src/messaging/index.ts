export * from './reminder-status';
