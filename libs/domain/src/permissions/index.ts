export * from './permissions';
export * from './permission-schemas';
