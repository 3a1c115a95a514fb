export * from './sale-totals';
