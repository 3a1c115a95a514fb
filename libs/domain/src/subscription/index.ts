export * from './subscription';
