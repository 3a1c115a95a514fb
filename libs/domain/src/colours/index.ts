export * from './colour-scheme';
export * from './card-text-colour';
