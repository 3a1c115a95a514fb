export * from './auth-context';
export * from './error-codes';
export * from './event';
export * from './member-access';
export * from './rpc';
export * from './error-messages';
export * from './http-route';
export * from './input-values';
