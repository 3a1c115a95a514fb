export * from './validation';
export * from './validation-schemas';
export * from './countries';
