/** Column types the table files share; database.ts gathers the tables and re-exports these. */
import type { ColumnType } from 'kysely'

export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
/** jsonb: read as a value, written as its JSON text (pg would turn arrays into Postgres arrays). */
export type Json<T> = ColumnType<T, string, string>
/** A nullable reference that inserts may leave out. */
export type OptionalRef = ColumnType<number | null, number | null | undefined, number | null>
