export * from './italian-tax-ids';
export * from './billing-data';
