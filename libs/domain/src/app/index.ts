export * from './app-constants';
