export * from './messaging-shapes';
export * from './note-create.rpc';
export * from './note-created.event';
export * from './note-list.rpc';
export * from './provider-status-received.event';
export * from './reminder-status-changed.event';
export * from './send-work';
