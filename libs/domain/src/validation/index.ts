export * from './validation';
export * from './countries';
