import type { RealtimeMessage } from './api-types';

export type RealtimeListener = (message: RealtimeMessage) => void;

/** Hands a message to whoever listens; subscribe returns the unsubscribe. */
export type RealtimeFeed = {
  subscribe(listener: RealtimeListener): () => void;
  publish(message: RealtimeMessage): void;
  readonly size: number;
};

/**
 * The fan-out behind ShellBridge.subscribe: the shell's one realtime connection publishes each
 * message here and every remote listening gets it. A listener that throws does not keep the
 * message from the others; unsubscribing twice is harmless, and a listener that unsubscribes
 * while a message is delivered still lets the others of that round receive it.
 */
export function createRealtimeFeed(onListenerError?: (error: unknown) => void): RealtimeFeed {
  const listeners = new Set<{ listener: RealtimeListener }>();
  return {
    subscribe(listener) {
      // wrapped, so the same function subscribed twice is two subscriptions
      const entry = { listener };
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    publish(message) {
      for (const entry of [...listeners]) {
        if (!listeners.has(entry)) continue;
        try {
          entry.listener(message);
        } catch (error) {
          onListenerError?.(error);
        }
      }
    },
    get size() {
      return listeners.size;
    },
  };
}
