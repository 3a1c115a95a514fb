export * from './italian-tax-ids';
export * from './billing-data';
export * from './plans';
export * from './charges';
export * from './invoice';
export * from './latin1-text';
export * from './e-invoice-fields';
