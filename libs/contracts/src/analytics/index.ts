export * from './analytics-shapes';
export * from './statistics.rpc';
