export * from './retail-shapes';
export * from './product.rpc';
export * from './stock.rpc';
export * from './sale.rpc';
export * from './retail.events';
export * from './payroll.rpc';
