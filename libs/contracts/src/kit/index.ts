export * from './dead-letter-list.rpc';
export * from './health.rpc';
