export * from './amount-text';
export * from './discount';
