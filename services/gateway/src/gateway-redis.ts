import { Redis } from 'ioredis';

/** Connects to Redis, or answers null when it is off or does not answer within a second (memory fallback). */
export async function connectRedis(url: string | null, onError: (error: unknown) => void): Promise<Redis | null> {
  if (url === null) return null;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 1_000, enableOfflineQueue: true });
  redis.on('error', onError);
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (error) {
    onError(error);
    redis.disconnect();
    return null;
  }
}
