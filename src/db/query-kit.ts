/**
 * The query kit every list is built with: keyset sources (lib/pagination.ts) over a Kysely
 * query, by an integer key growing along the list (keyset, idKeyset) or for histories shown
 * newest first (newestFirst). Generic SQL over any table, owned by no module.
 */
import { sql, type SelectQueryBuilder } from 'kysely'
import type { Database } from './database.ts'
import type { KeysetSource } from '../lib/pagination.ts'

/**
 * A keyset source over a list query ordered by an integer key column (see
 * lib/pagination.ts); rows expose the key as `id`.
 */
export function keyset<R extends { id: number }>(
  base: () => SelectQueryBuilder<Database, keyof Database, R>,
  count: () => Promise<number>,
  column = 'id',
): KeysetSource<R> {
  const key = sql.ref(column)
  return {
    window: (direction, at, take) => {
      let q = base()
      if (at !== null) q = q.where(direction === 'forward' ? sql<boolean>`${key} > ${at}` : sql<boolean>`${key} < ${at}`)
      return q.orderBy(direction === 'forward' ? sql`${key} asc` : sql`${key} desc`).limit(take).execute()
    },
    exists: async (direction, at) =>
      (await base()
        .where(direction === 'forward' ? sql<boolean>`${key} >= ${at}` : sql<boolean>`${key} <= ${at}`)
        .limit(1)
        .execute()).length > 0,
    count,
  }
}

/** The same source for a table with an `id` key. */
export const idKeyset = <R extends { id: number }>(
  base: () => SelectQueryBuilder<Database, keyof Database, R>,
  count: () => Promise<number>,
): KeysetSource<R> => keyset(base, count)

/**
 * A keyset source for lists shown newest first: histories. The codec's keys grow along the
 * list, so the key of a row is `2^31 - its sequence number`: "after" a cursor goes back in
 * time, and a new row never shifts a page already read.
 */
const TOP = 2 ** 31

export interface Keyed<R> {
  id: number
  row: R
}

export function newestFirst<R extends Record<string, unknown>>(
  base: () => SelectQueryBuilder<Database, keyof Database, R>,
  count: () => Promise<number>,
  column: string,
  seq: (row: R) => number,
): KeysetSource<Keyed<R>> {
  const ref = sql.ref(column)
  const wrap = (rows: R[]) => rows.map((row) => ({ id: TOP - seq(row), row }))
  return {
    window: async (direction, at, take) => {
      let q = base()
      if (at !== null) q = q.where(direction === 'forward' ? sql<boolean>`${ref} < ${TOP - at}` : sql<boolean>`${ref} > ${TOP - at}`)
      return wrap(await q.orderBy(direction === 'forward' ? sql`${ref} desc` : sql`${ref} asc`).limit(take).execute())
    },
    exists: async (direction, at) =>
      (await base()
        .where(direction === 'forward' ? sql<boolean>`${ref} <= ${TOP - at}` : sql<boolean>`${ref} >= ${TOP - at}`)
        .limit(1)
        .execute()).length > 0,
    count,
  }
}
