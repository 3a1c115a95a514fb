export * from './statistics';
export * from './engagement';
export * from './working-hours';
