import type { Transaction } from 'kysely'
import type { DB } from './connect.ts'
import type { Database } from './database.ts'

/** The database or a transaction on it: what every repository function runs its queries on. */
export type Executor = DB | Transaction<Database>
