export * from './webhooks-shapes';
export * from './note-create.rpc';
export * from './note-created.event';
export * from './note-list.rpc';
