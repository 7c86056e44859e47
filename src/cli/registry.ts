/**
 * The CLI's commands: each declares its usage and options, so `--help` per command, option
 * parsing and the remote (admin endpoint) path all come from one table.
 */
import { parseArgs } from 'node:util'
import type { Config } from '../config.ts'
import { UsageError, type Context, type Out } from './output.ts'

type OptionSpec = { type: 'string' | 'boolean'; multiple?: boolean }
export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>

export interface Command {
  /** "group action", e.g. "clients create". */
  name: string
  usage: string
  summary: string
  options: Record<string, OptionSpec>
  /** Names of positional arguments, in order (e.g. ["ID"]). */
  positionals?: string[]
  /** Takes any number of positional arguments (e.g. several ids). */
  variadic?: boolean
  /** Runs against an open database, in the CLI or inside the owning server. */
  run?(ctx: Context, args: { values: Values; positionals: string[] }): Promise<void>
  /** Instead of run: a process of its own (never through a server's admin endpoint). */
  standalone?(config: Readonly<Config>, args: { values: Values; positionals: string[] }, out: Out): Promise<void>
}

export interface Parsed {
  command: Command
  values: Values
  positionals: string[]
  help: boolean
}

export function helpText(commands: Command[]): string {
  const width = Math.max(...commands.map((c) => c.usage.length))
  return [
    'Usage: trellis <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    '',
    'Every command takes --json (one JSON object on stdout) and --help.',
    '  --version                 print the version',
    'Environment: DATABASE_URL and the rest of the server configuration (see README).',
  ].join('\n')
}

export function commandHelp(command: Command): string {
  return `Usage: trellis ${command.usage}\n\n${command.summary}`
}

/** Finds the command named by argv and parses its options; throws UsageError naming what is wrong. */
export function parseCommand(commands: Command[], argv: string[]): Parsed {
  const [group = '', action = ''] = argv
  const command = commands.find((c) => c.name === `${group} ${action}`) ?? commands.find((c) => c.name === group)
  if (!command) {
    const inGroup = commands.filter((c) => c.name.startsWith(`${group} `))
    if (inGroup.length && argv.some((a) => a === '--help' || a === '-h')) throw new HelpRequest(helpText(inGroup))
    const hint = inGroup.length ? `; try: ${inGroup.map((c) => c.name).join(', ')}` : '; see trellis --help'
    throw new UsageError(`unknown command "${[group, action.startsWith('-') ? '' : action].filter(Boolean).join(' ')}"${hint}`)
  }
  const rest = argv.slice(command.name.split(' ').length)
  const { values, positionals } = parseArgs({
    args: rest,
    options: { ...command.options, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  })
  const help = values.help === true
  const expected = command.positionals ?? []
  if (!help && !command.variadic && positionals.length !== expected.length) {
    throw new UsageError(`usage: trellis ${command.usage}`)
  }
  return { command, values: values as Values, positionals, help }
}

/** `--help` for a group: not an error, but it ends the command like one. */
export class HelpRequest extends Error {}
