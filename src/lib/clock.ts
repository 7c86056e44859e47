/**
 * Time, from one injectable clock: code that decides something by the time asks this, so a
 * test moves time with `clock.advance(3)` instead of sleeping or editing rows.
 */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock that stands still until told to move (tests). */
export class ManualClock implements Clock {
  private ms: number

  constructor(start: Date = new Date()) {
    this.ms = start.getTime()
  }

  now(): Date {
    return new Date(this.ms)
  }

  advance(seconds: number): void {
    this.ms += seconds * 1000
  }
}
