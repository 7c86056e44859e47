/**
 * A keyset source (lib/pagination.ts) for lists shown newest first: histories. The codec's
 * keys grow along the list, so the key of a row is `2^31 - its sequence number`: "after"
 * a cursor goes back in time, and a new row never shifts a page already read.
 */
import { sql, type SelectQueryBuilder } from 'kysely'
import type { Database } from '../../db/database.ts'
import type { KeysetSource } from '../../lib/pagination.ts'

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
