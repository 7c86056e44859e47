/**
 * The one source of "now" for decisions that depend on time (expiry, backoff, leases).
 * Services take a Clock and pass its `now()` into SQL as a parameter where the database
 * decides, so a test moves time with `clock.advance(601)` instead of sleeping or editing rows.
 */
export interface Clock {
  now(): Date
}

/** The one place that reads the wall clock. */
export const systemClock: Clock = { now: () => new Date() }

/** A clock a test moves forward by hand. */
export interface MovableClock extends Clock {
  advance(seconds: number): void
}

/**
 * Real time plus an offset that only grows: time keeps flowing (orderings by time stay
 * real), and `advance` jumps it forward, as a test needs to pass an expiry or a backoff.
 */
export class AdjustableClock implements MovableClock {
  private offsetMs = 0

  now(): Date {
    return new Date(systemClock.now().getTime() + this.offsetMs)
  }

  advance(seconds: number): void {
    if (!(seconds >= 0)) throw new RangeError('a clock only moves forward')
    this.offsetMs += seconds * 1000
  }
}

/** A clock that stands still until told to move: for a test about what happens within a few seconds. */
export class ManualClock implements MovableClock {
  private ms: number

  constructor(start: Date = systemClock.now()) {
    this.ms = start.getTime()
  }

  now(): Date {
    return new Date(this.ms)
  }

  advance(seconds: number): void {
    if (!(seconds >= 0)) throw new RangeError('a clock only moves forward')
    this.ms += seconds * 1000
  }
}

/** The moment `seconds` after `at` (a lifetime's end, a retry's time): the one place such sums are written. */
export function secondsAfter(at: Date, seconds: number): Date {
  return new Date(at.getTime() + seconds * 1000)
}

/** The moment `seconds` before `at` (the start of a window that ends now). */
export function secondsBefore(at: Date, seconds: number): Date {
  return new Date(at.getTime() - seconds * 1000)
}
