/** The command table, and running one parsed command against a context (CLI or server). */
import { ConfigError } from '../config.ts'
import type { DB } from '../db/connect.ts'
import { migrateToLatest, migrationStatus } from '../db/migrate.ts'
import { AppError } from '../lib/errors.ts'
import { auditCommands } from './audit.ts'
import { clientCommands } from './clients.ts'
import { deviceCommands } from './devices.ts'
import { keyCommands } from './keys.ts'
import { operationCommands } from './operations.ts'
import { CommandError, emit, UsageError, type Context, type Out } from './output.ts'
import { HelpRequest, type Command, type Parsed } from './registry.ts'
import { tenantCommands } from './tenants.ts'
import { userCommands } from './users.ts'
import { webhookCommands } from './webhooks.ts'

/** `migrate --status`: every migration, applied or pending; reads only, so it works on an empty database. */
export async function printMigrationStatus(db: DB, out: Out): Promise<void> {
  const migrations = (await migrationStatus(db)).map((m) => ({ name: m.name, appliedAt: m.appliedAt?.toISOString() ?? null }))
  const pending = migrations.filter((m) => m.appliedAt === null).map((m) => m.name)
  const lines = migrations.map((m) => `${m.appliedAt ? 'applied' : 'pending'}  ${m.name}${m.appliedAt ? `  ${m.appliedAt}` : ''}`)
  emit(out, { migrations, pending }, [...lines, pending.length ? `${pending.length} pending` : 'nothing pending'].join('\n'))
}

const migrate: Command = {
  name: 'migrate',
  usage: 'migrate [--status] [--json]',
  summary: 'apply pending database migrations (--status: list applied and pending ones, change nothing)',
  options: { status: { type: 'boolean' } },
  async run(ctx, { values }) {
    if (values.status === true) return printMigrationStatus(ctx.db, ctx.out)
    const applied = ctx.migrated ?? (await migrateToLatest(ctx.db))
    // MACs two tenants used before devices were records: never picked silently (docs/api.md, Devices)
    const conflicts = await ctx.services.devices.conflicts.list()
    const report = conflicts.map((c) => `device ${c.mac} is used by tenants ${c.tenantIds.join(', ')}: held by none until resolved (trellis devices resolve ${c.mac} --tenant ID)`)
    emit(ctx.out, { applied, deviceConflicts: conflicts }, [applied.length ? `migrations applied: ${applied.join(', ')}` : 'migrations applied: none pending', ...report].join('\n'))
  },
}

const worker: Command = {
  name: 'worker',
  usage: 'worker',
  summary: 'run the email outbox worker alone (needs SMTP_URL); stops on SIGTERM',
  options: {},
  async standalone(config) {
    const { runWorkerProcess } = await import('../worker-process.ts')
    await runWorkerProcess(config)
  },
}

// The command files load the modules' faces inside run(), not at the top: the table alone is what
// --help, --version and a command sent to a running server need, and the faces were most of its load.
export const COMMANDS: Command[] = [migrate, ...tenantCommands, ...clientCommands, ...userCommands, ...keyCommands, ...deviceCommands, ...operationCommands, ...auditCommands, ...webhookCommands, worker]

/** Runs a parsed command; the database is already migrated (except for `migrate` itself). */
export async function runCommand(parsed: Parsed, ctx: Omit<Context, 'operator'>): Promise<void> {
  if (!parsed.command.run) throw new CommandError(`"${parsed.command.name}" runs as a process of its own, not inside a server`)
  // loaded here, with the services a command runs on: never for --help, --version or a command sent to a server
  const { OPERATOR } = await import('../modules/tenancy/index.ts')
  await parsed.command.run({ ...ctx, operator: OPERATOR }, { values: parsed.values, positionals: parsed.positionals })
}

/** One line for any failure, and its exit code: 2 for usage, 1 for the rest. No stack traces. */
export function describeError(error: unknown): { line: string; exitCode: number } {
  if (error instanceof HelpRequest) return { line: error.message, exitCode: 0 }
  if (error instanceof UsageError) return { line: `trellis: ${error.message}`, exitCode: 2 }
  if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('ERR_PARSE_ARGS')) {
    return { line: `trellis: ${error.message.replace(/\s+/g, ' ')}`, exitCode: 2 }
  }
  if (error instanceof AppError) {
    const details = error.details?.map((d) => `${d.field.replace(/^body\./, '')}: ${d.message}`).join('; ')
    return { line: `trellis: ${error.message}${details ? ` (${details})` : ''}`, exitCode: 1 }
  }
  if (error instanceof CommandError || error instanceof ConfigError) return { line: `trellis: ${error.message}`, exitCode: 1 }
  const message = error instanceof Error ? error.message : String(error)
  return { line: `trellis: ${message.split('\n')[0]}`, exitCode: 1 }
}
