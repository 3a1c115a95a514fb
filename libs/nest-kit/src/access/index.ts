export * from './access-rules';
export * from './access.service';
export * from './access.guard';
