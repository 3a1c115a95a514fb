/**
 * Gathers the calls made in one event-loop turn and runs them as one batch at setImmediate: the
 * worker's claims and records of a turn become one SQL statement each instead of one per message.
 */
export class TurnBatch<In, Out> {
  private pending: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  private scheduled = false;

  constructor(
    private readonly run: (inputs: In[]) => Promise<Out[]>,
    private readonly maxSize = 500,
  ) {}

  add(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.pending.push({ input, resolve, reject });
      if (this.pending.length >= this.maxSize) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
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
