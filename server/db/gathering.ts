/**
 * Application-level group commit: calls of one database function that arrive while `maxInFlight`
 * earlier ones are under way wait, then go to the database together in one call of its batch form,
 * so under load one transaction and one commit serve many requests; a call that finds a free slot
 * goes at once. Every caller still gets its own answer.
 */

/** What the batch form answers for an item that must be done on its own after all. */
export const ALONE = Symbol('alone');

export interface GatheringOptions<T, R> {
  /** Does one item on its own. */
  alone: (item: T) => Promise<R>;
  /**
   * Does several items in one transaction and answers one result per item, in their order (every
   * item answered), or ALONE for an item to be done on its own afterwards. If it throws, it must
   * have changed nothing, and every item is done alone.
   */
  together: (items: T[]) => Promise<(R | typeof ALONE)[]>;
  /** Items per batch. */
  maxItems: number;
  /** Batches under way at once (each on its own connection). */
  maxInFlight: number;
}

export class Gathering<T, R> {
  private readonly waiting: { item: T; done: (result: R) => void; failed: (err: unknown) => void }[] = [];
  private inFlight = 0;

  constructor(private readonly options: GatheringOptions<T, R>) {}

  run(item: T): Promise<R> {
    return new Promise((done, failed) => {
      this.waiting.push({ item, done, failed });
      this.next();
    });
  }

  private next(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.length > 0) {
      this.inFlight++;
      const batch = this.waiting.splice(0, this.options.maxItems);
      void this.runBatch(batch).finally(() => {
        this.inFlight--;
        this.next();
      });
    }
  }

  private async runBatch(batch: typeof this.waiting): Promise<void> {
    let alone = batch;
    if (batch.length > 1) {
      // A batch that failed changed nothing (one transaction): its items are done alone instead.
      const results = await this.options.together(batch.map((w) => w.item)).catch(() => undefined);
      if (results) {
        alone = [];
        batch.forEach((w, i) => {
          const result = results[i] as R | typeof ALONE;
          if (result === ALONE) alone.push(w);
          else w.done(result);
        });
      }
    }
    await Promise.all(alone.map((w) => this.options.alone(w.item).then(w.done, w.failed)));
  }
}
