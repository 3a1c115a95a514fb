export * from './instant';
export * from './local-time';
