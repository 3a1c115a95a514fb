export * from './amount-text';
