/**
 * The refresh retry window, written once (grants/refresh-token.ts says why it exists and what
 * bounds its threat): a used refresh token presented again is a retry only while it was used
 * after the window's start, REFRESH_REUSE_INTERVAL_SECONDS before now; with the interval 0
 * there is no window, and every second presentation is reuse. The grant judges by
 * withinReuseWindow; the statement that rotates again (tokens.repository.ts rotateAgain) by
 * reuseWindowSql, built here from the same start. test/redeem-rule.test.ts holds them to each other.
 */
import { sql } from 'kysely'
import { secondsBefore } from '../../lib/clock.ts'

/** The window's start for a presentation at `now`; null when retries are off. */
export function reuseWindowStart(now: Date, intervalSeconds: number): Date | null {
  return intervalSeconds > 0 ? secondsBefore(now, intervalSeconds) : null
}

/** A token used at `usedAt` is within the window that starts at `start` (none: never). */
export function withinReuseWindow(usedAt: Date, start: Date | null): start is Date {
  return start !== null && usedAt.getTime() > start.getTime()
}

/** withinReuseWindow, as SQL over a token's `used_at` column. */
export const reuseWindowSql = (usedAt: string, start: Date | null) => sql<boolean>`coalesce(${sql.ref(usedAt)} > ${start}::timestamptz, false)`
