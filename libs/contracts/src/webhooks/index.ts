export * from './webhooks-shapes';
export * from './webhook-endpoint.rpc';
export * from './webhook-events.event';
