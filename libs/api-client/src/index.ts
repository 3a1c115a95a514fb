export * from './api-client';
export * from './api-error';
export * from './api-types';
export * from './device-id';
export * from './realtime';
export * from './shell-bridge';
export * from './realtime-feed';
