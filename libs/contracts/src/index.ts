export * from './core';
export * from './identity';
export * from './crm';
export * from './subjects';
export * from './kit';
export * from './scheduling';
export * from './http';
export * from './messaging';
