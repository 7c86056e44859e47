/** How CLI commands print: one JSON object per command with --json, a short text otherwise. */
import { AppError } from '../lib/errors.ts'
import type { Services } from '../modules/index.ts'
import type { SecretBox } from '../lib/secret-box.ts'
import type { Config } from '../config.ts'
import type { DB } from '../db/connect.ts'
import type { KeyStore } from '../modules/oauth/index.ts'
import type { Actor } from '../modules/tenancy/index.ts'

export interface Out {
  json: boolean
  print(text: string): void
}

/** What a command runs against: the database and configuration, in the CLI or in the server. */
export interface Context {
  db: DB
  config: Readonly<Config>
  out: Out
  /** The key store (the server's own when the command runs inside the server: it reloads at once). */
  keys?: KeyStore
  /** The services, acted through as `operator`. */
  services: Services
  /** The platform operator, whom every command acts as. */
  operator: Actor
  secretBox: SecretBox
  /** Migrations this run applied before the command (the CLI migrates first, then builds its services). */
  migrated?: string[]
}

/** A mistake in how the command was called: printed as one line, exit code 2. */
export class UsageError extends Error {}

/** A refusal about the state of things (not found, in use): printed as one line, exit code 1. */
export class CommandError extends Error {}

/** The service's 404 as the CLI says it. */
export async function missing<T>(pending: Promise<T>, message: string): Promise<T> {
  try {
    return await pending
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw new CommandError(message)
    throw error
  }
}

export function emit(out: Out, record: object, human: string): void {
  out.print(out.json ? JSON.stringify(record) : human)
}

export function list(value: string | undefined): string[] | undefined {
  return value ? value.split(',').map((s) => s.trim()).filter(Boolean) : undefined
}

/** A positive integer id from the command line. */
export function id(value: string | undefined, what: string): number {
  if (!value || !/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${what} must be a positive whole number`)
  return Number(value)
}

/** A table for humans: columns padded to their widest value. */
export function table(rows: Record<string, string | number | boolean | null>[], empty: string): string {
  if (!rows.length) return empty
  const headers = Object.keys(rows[0]!)
  const cells = [headers, ...rows.map((row) => headers.map((h) => String(row[h] ?? '')))]
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)))
  return cells.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n')
}
