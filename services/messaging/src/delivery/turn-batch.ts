/**
 * Gathers the calls made in one event-loop turn (or within `gatherMs`) and runs them as one batch: the
 * worker's claims and records become one SQL statement per batch instead of one per message.
 */
export class TurnBatch<In, Out> {
  private pending: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  private scheduled = false;

  constructor(
    private readonly run: (inputs: In[]) => Promise<Out[]>,
    private readonly maxSize = 500,
    /** 0: the batch runs at setImmediate; more: it waits this long for company (a send waits 250 ms anyway) */
    private readonly gatherMs = 0,
  ) {}

  add(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.pending.push({ input, resolve, reject });
      if (this.pending.length >= this.maxSize) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        if (this.gatherMs > 0) setTimeout(() => this.flush(), this.gatherMs);
        else setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    this.run(batch.map((entry) => entry.input)).then(
      (outs) => batch.forEach((entry, i) => entry.resolve(outs[i])),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  }
}
