/**
 * Group commit: items that arrive while a write is in flight wait for it, then go together
 * in the next one. Under load, N callers cost one statement and one commit instead of N
 * (each commit waits for the disk, and the pool has few connections); alone, a caller's item
 * is written at once, never held back to wait for company.
 *
 * `write` answers each item by its index: a value, or an Error for that caller alone. If
 * `write` itself throws, every caller of that batch gets the error.
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
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.max)
      try {
        const outcomes = await this.write(batch.map((w) => w.item))
        batch.forEach((w, i) => {
          const outcome = outcomes[i]
          if (outcome instanceof Error) w.reject(outcome)
          else if (outcome === undefined) w.reject(new Error('the batch gave no answer for this item'))
          else w.resolve(outcome)
        })
      } catch (err) {
        for (const w of batch) w.reject(err)
      }
    }
    this.writing = false
  }
}
