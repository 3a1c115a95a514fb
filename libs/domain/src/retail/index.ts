export * from './sale-totals';
export * from './payroll';
