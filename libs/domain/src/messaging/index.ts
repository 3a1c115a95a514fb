export * from './default-templates';
export * from './message-quota';
export * from './reminder-rules';
export * from './template-renderer';
export * from './working-days';
