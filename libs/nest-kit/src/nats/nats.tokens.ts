export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
