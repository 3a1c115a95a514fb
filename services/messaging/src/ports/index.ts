export * from './messaging-ports';
export * from './provider.port';
