// The constants the browser, libs/domain and the services share: plan features, statuses, pet types,
// notification and template types, languages, countries. No file of this folder imports zod (nor
// anything but this folder and other files that import nothing; constants.spec.ts checks it), so a
// bundle that takes a list from here gets the list, not the schemas.
export * from '../core/languages';
export * from './appointments';
export * from './countries';
export * from './messages';
export * from './pets';
export * from './plans';
export * from './statistics';
export * from './api-keys';
export * from './no-show';
export * from './webhooks';
export * from './search';
export * from './care';
