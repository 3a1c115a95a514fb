export * from './search-text';
export * from './search-everywhere';
