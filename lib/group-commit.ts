// Work handed over in one turn of the event loop is committed together, and while one batch
// commits the next gathers: under load hundreds of single commits become a few. Each item's promise
// settles with its batch. Usage records and paid calls' settlements are written this way.
type Waiting<Item> = { item: Item; resolve: () => void; reject: (error: unknown) => void };

export class GroupCommit<Item> {
  readonly #waiting: Waiting<Item>[] = [];
  #running = false;

  /**
   * `commit` writes one batch; it may name a refusal per item (a falsy entry: that item went
   * through), which that item's promise rejects with. A batch that throws rejects all of its items.
   */
  constructor(
    private readonly commit: (batch: Item[]) => Promise<ReadonlyArray<unknown> | void>,
    private readonly options: { maxBatch: number; onIdle?: () => void },
  ) {}

  /** Items waiting for a batch, and one more while a batch is being committed. */
  get pending(): number {
    return this.#waiting.length + (this.#running ? 1 : 0);
  }

  /** Resolves once the batch holding the item has committed. */
  add(item: Item): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      if (this.#running) return;
      this.#running = true;
      // The items of this turn of the event loop join the first batch.
      setImmediate(() => void this.#drain());
    });
  }

  async #drain() {
    while (this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, this.options.maxBatch);
      let refusals: ReadonlyArray<unknown> | void;
      try {
        refusals = await this.commit(batch.map((waiting) => waiting.item));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
        continue;
      }
      batch.forEach((waiting, index) => {
        const refusal = refusals?.[index];
        if (refusal) waiting.reject(refusal);
        else waiting.resolve();
      });
    }
    this.#running = false;
    this.options.onIdle?.();
  }
}
