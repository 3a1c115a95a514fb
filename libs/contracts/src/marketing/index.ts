export * from './campaign-events.event';
export * from './campaign.rpc';
export * from './marketing-shapes';
