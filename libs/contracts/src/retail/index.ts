export * from './retail-shapes';
export * from './note-create.rpc';
export * from './note-created.event';
export * from './note-list.rpc';
