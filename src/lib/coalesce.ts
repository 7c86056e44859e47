/**
 * Group commit: items that arrive while a write is in flight wait for it, then go together
 * in the next one. Under load, N callers cost one statement and one commit instead of N
 * (each commit waits for the disk, and the pool has few connections); alone, a caller's item
 * is written at once, never held back to wait for company.
 *
 * `write` answers each item by its index: a value, or an Error for that caller alone. If
 * `write` throws for a batch of several and `alone(error)` says the error left nothing behind
 * (the database refused the statement, so the transaction rolled back), each item is written
 * again by itself, so that one bad item (a row deleted meanwhile fails the whole statement)
 * fails only its caller. Otherwise every caller of the batch gets the error.
 */
export type Outcome<O> = O | Error

interface Waiting<I, O> {
  item: I
  resolve: (value: O) => void
  reject: (error: unknown) => void
}

export class Coalescer<I, O> {
  private queue: Waiting<I, O>[] = []
  private writing = false

  constructor(
    private readonly write: (items: I[]) => Promise<Outcome<O>[]>,
    /** whether a failed batch may be written again item by item (nothing of it was kept) */
    private readonly alone: (error: unknown) => boolean = () => false,
    /** the most items in one write; the rest go in the next */
    private readonly max = 200,
  ) {}

  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject })
      if (!this.writing) void this.drain()
    })
  }

  private async drain(): Promise<void> {
    this.writing = true
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, this.max)
        let outcomes: Outcome<O>[]
        try {
          outcomes = await this.write(batch.map((w) => w.item))
        } catch (err) {
          const again = batch.length > 1 && this.alone(err)
          if (again) await Promise.all(batch.map((w) => Promise.resolve().then(() => this.write([w.item])).then((one) => this.answer([w], one), w.reject)))
          else for (const w of batch) w.reject(err)
          continue
        }
        this.answer(batch, outcomes)
      }
    } finally {
      // whatever happened, the next caller starts a drain of its own
      this.writing = false
    }
  }

  private answer(batch: Waiting<I, O>[], outcomes: Outcome<O>[]): void {
    batch.forEach((w, i) => {
      const outcome = outcomes[i]
      if (outcome instanceof Error) w.reject(outcome)
      else if (outcome === undefined) w.reject(new Error('the batch gave no answer for this item'))
      else w.resolve(outcome)
    })
  }
}
