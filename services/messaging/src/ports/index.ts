export * from './messaging-ports';
export * from './provider.port';
export * from './button-payload';
