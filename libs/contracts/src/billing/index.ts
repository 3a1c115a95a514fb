export * from './billing-shapes';
export * from './plans-list.rpc';
export * from './subscription.rpc';
export * from './billing-profile.rpc';
export * from './invoice.rpc';
export * from './subscription-changed.event';
export * from './stripe-webhook.rpc';
export * from './payment-failed.event';
