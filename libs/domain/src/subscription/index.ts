export * from './subscription';
export * from './message-plan';
