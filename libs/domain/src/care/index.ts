export * from './vaccination';
