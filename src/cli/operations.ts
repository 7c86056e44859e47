/** `trellis outbox list|retry`, `trellis secrets rewrap` and `trellis device simulate`. */
import { emit, UsageError } from './output.ts'
import type { Command, Values } from './registry.ts'

/** The outbox commands parse their own options: hand them back the words they were given. */
function words(values: Values, names: string[], json: boolean): string[] {
  const out: string[] = []
  for (const name of names) {
    const value = values[name]
    if (value === true) out.push(`--${name}`)
    else if (typeof value === 'string') out.push(`--${name}`, value)
  }
  return json ? [...out, '--json'] : out
}

export const operationCommands: Command[] = [
  {
    name: 'outbox list',
    usage: 'outbox list [--status S] [--limit N] [--json]',
    summary: 'outbox messages, newest first (no bodies)',
    options: { status: { type: 'string' }, limit: { type: 'string' } },
    async run(ctx, { values }) {
      const { outboxCommand } = await import('../modules/email/index.ts')
      await outboxCommand(ctx.db, 'outbox list', words(values, ['status', 'limit'], ctx.out.json), ctx.out, ctx.services.clock)
    },
  },
  {
    name: 'outbox retry',
    usage: 'outbox retry ID [ID ...] | --all-failed [--json]',
    summary: 'queue failed messages again',
    options: { 'all-failed': { type: 'boolean' } },
    variadic: true,
    async run(ctx, { values, positionals }) {
      const { outboxCommand } = await import('../modules/email/index.ts')
      await outboxCommand(ctx.db, 'outbox retry', [...positionals, ...words(values, ['all-failed'], ctx.out.json)], ctx.out, ctx.services.clock)
    },
  },
  {
    name: 'secrets rewrap',
    usage: 'secrets rewrap [--json]',
    summary: 'seal every stored secret under SECRETS_KEY (reads SECRETS_KEY_PREVIOUS for the old key)',
    options: {},
    async run(ctx) {
      const { OPERATOR } = await import('../modules/tenancy/index.ts')
      const result = await ctx.services.secrets.rewrap(OPERATOR)
      emit(ctx.out, result, `re-sealed under SECRETS_KEY: ${result.signingKeys} signing keys, ${result.appSecrets} app secrets, ${result.outbox} queued messages`)
    },
  },
  {
    name: 'device simulate',
    usage: 'device simulate --device-id MAC --password P [--url mqtt://127.0.0.1:1883] [--model whisper-flex-2] [--insecure]',
    summary: 'a simulated fan that connects, reports and obeys commands, until Ctrl-C',
    options: { 'device-id': { type: 'string' }, password: { type: 'string' }, url: { type: 'string' }, model: { type: 'string' }, insecure: { type: 'boolean' } },
    async standalone(config, { values }, out) {
      const deviceId = values['device-id']
      if (typeof deviceId !== 'string' || !deviceId) throw new UsageError('--device-id is required')
      const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined)
      const { runSimulator } = await import('../modules/devices/index.ts')
      const url = text('url') ?? config.mqtt.url ?? `mqtt://127.0.0.1:${config.mqtt.port}`
      await runSimulator({ url, deviceId, password: text('password'), model: text('model'), insecure: values.insecure === true }, out.print)
    },
  },
]
