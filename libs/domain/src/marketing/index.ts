export * from './audience';
