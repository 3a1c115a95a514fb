/** The gateway's Redis connection, or null (REDIS_URL=off or unreachable). */
export const GATEWAY_REDIS = Symbol('GATEWAY_REDIS');
export const SESSION_REVOCATIONS = Symbol('SESSION_REVOCATIONS');
