export * from './username';
