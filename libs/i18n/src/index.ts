export * from './namespaces';
export * from './text';
export { vaccineName } from './care-words';
export * from './catalogue-loader';
// bundles every catalogue: tests and Node only (a frontend importing these gets all four languages)
export { CATALOGUES } from './catalogues';
export { createTranslator } from './translator';
