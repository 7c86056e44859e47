/**
 * The `trellis` admin command. It reads the same environment as the server and acts as
 * the platform operator, so it needs no token. `--json` prints exactly one JSON object;
 * every failure is one line on stderr with a non-zero exit.
 *
 * On an embedded data directory held by a running server, the command runs inside that
 * server through its admin endpoint (cli/remote.ts) instead of opening the directory twice.
 */
import { readFileSync } from 'node:fs'
import { loadConfig, type Config } from './config.ts'
import { connectDatabase, dataDirTighteningOf, tighteningMessage } from './db/connect.ts'
import { migrateToLatest } from './db/migrate.ts'
import { DataDirLockedError } from './db/pglite-lock.ts'
import { COMMANDS, describeError, printMigrationStatus, runCommand } from './cli/commands.ts'
import { emit, type Out } from './cli/output.ts'
import { commandHelp, helpText, parseCommand, type Parsed } from './cli/registry.ts'
import { runRemote } from './cli/remote.ts'
import { openSecretBox } from './db/secrets-key.ts'
import { systemClock } from './lib/clock.ts'

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
  return pkg.version
}

/** Where a run of the CLI reads its environment and writes its output: the process's own by default. */
export interface CliIo {
  env: NodeJS.ProcessEnv
  stdout(text: string): void
  stderr(text: string): void
}

const processIo: CliIo = {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}

async function runLocal(parsed: Parsed, config: Readonly<Config>, out: Out, argv: string[], io: CliIo): Promise<number> {
  if (parsed.command.standalone) {
    await parsed.command.standalone(config, { values: parsed.values, positionals: parsed.positionals }, out)
    return 0
  }
  let db
  try {
    db = await connectDatabase(config.database, { role: 'cli', attempts: config.databaseConnectAttempts })
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
    const result = await runRemote(error.dataDir, error.owner, argv)
    io.stdout(result.stdout)
    io.stderr(result.stderr)
    return result.exitCode
  }
  const tightening = dataDirTighteningOf(db)
  if (tightening) io.stderr(`${tighteningMessage(tightening)}\n`)
  try {
    // migrate --status only reads; everything else migrates first, so the services below (which
    // read the signing keys) never meet an empty database
    if (parsed.command.name === 'migrate' && parsed.values.status === true) {
      await printMigrationStatus(db, out)
      return 0
    }
    const migrated = await migrateToLatest(db)
    // loaded here, not at the top: a command sent to a running server (cli/remote.ts), --help
    // and --version never need the services, and loading them is most of the CLI's start
    const [{ KeyStore }, { createServices }, { default: pino }] = await Promise.all([import('./modules/oauth/index.ts'), import('./modules/index.ts'), import('pino')])
    // the commands act through the same services as the server, as the platform operator
    const secretBox = openSecretBox(config)
    const keys = new KeyStore(db, secretBox, config.accessTokenTtlSeconds, systemClock)
    await keys.init()
    const services = await createServices({ db, config, keys, log: pino({ level: 'silent' }), secretBox }, { background: false })
    try {
      await runCommand(parsed, { db, config, out, keys, services, secretBox, migrated })
    } finally {
      await services.close()
      await keys.close()
    }
    return 0
  } finally {
    await db.destroy()
  }
}

export async function main(argv = process.argv.slice(2), io: CliIo = processIo): Promise<number> {
  const out: Out = { json: argv.includes('--json'), print: (text) => io.stdout(`${text}\n`) }
  try {
    const first = argv[0]
    if (first === '--version' || first === '-v' || first === 'version') {
      emit(out, { version: version() }, version())
      return 0
    }
    if (!first || first === '--help' || first === '-h' || first === 'help') {
      out.print(helpText(COMMANDS))
      return 0
    }
    const parsed = parseCommand(COMMANDS, argv)
    if (parsed.help) {
      out.print(commandHelp(parsed.command))
      return 0
    }
    return await runLocal(parsed, loadConfig(io.env), out, argv, io)
  } catch (error) {
    const { line, exitCode } = describeError(error)
    ;(exitCode === 0 ? io.stdout : io.stderr)(`${line}\n`)
    return exitCode
  }
}
