export * from './colour-scheme';
