/**
 * Starts the work queued during one event-loop turn together, right after the turn's I/O
 * callbacks (setImmediate). The NATS client writes whatever one run of microtasks has published
 * as one socket write; without this, every HTTP request read (and every database answer) of a
 * busy turn would publish, and so write, on its own. A socket write costs 30–60 µs on our
 * two-core machines, and nats-server then reads and routes one message per read as well.
 *
 * An idle process loses nothing: setImmediate runs as soon as the current I/O callbacks are done.
 */
export class TurnBatch {
  private queue: (() => void)[] = [];
  private scheduled = false;

  /** Calls `start` at the end of this turn and passes its outcome on (a synchronous throw rejects). */
  later<T>(start: () => Promise<T> | T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push(() => {
        try {
          Promise.resolve(start()).then(resolve, reject);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(this.flush);
    });
  }

  private readonly flush = (): void => {
    const started = this.queue;
    // what a start queues goes to the next turn's batch
    this.queue = [];
    this.scheduled = false;
    for (const start of started) start();
  };
}
