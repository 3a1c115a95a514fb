export * from './catalogues';
export * from './translator';
