/** `trellis outbox list|retry`, `trellis secrets rewrap` and `trellis device simulate`. */
import { CommandError, emit, UsageError } from './output.ts'
import type { OutboxStatus } from '../db/database.ts'
import type { Command } from './registry.ts'

export const operationCommands: Command[] = [
  {
    name: 'outbox list',
    usage: 'outbox list [--status S] [--limit N] [--json]',
    summary: 'outbox messages, newest first (no bodies)',
    options: { status: { type: 'string' }, limit: { type: 'string' } },
    async run(ctx, { values }) {
      const { OUTBOX_STATUSES } = await import('../modules/email/index.ts')
      const status = values.status as OutboxStatus | undefined
      if (status !== undefined && !OUTBOX_STATUSES.includes(status)) throw new UsageError(`--status must be one of ${OUTBOX_STATUSES.join(', ')}`)
      const limit = Number(values.limit ?? 100)
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError('--limit must be 1..10000')
      const messages = await ctx.services.outbox.list(ctx.operator, { ...(status ? { status } : {}), limit })
      const lines = messages.map((m) => `${m.id}\t${m.status}\t${m.attempts}/${m.maxAttempts}\t${m.type}\t${m.to}\t${m.lastError ?? ''}`)
      emit(ctx.out, { messages }, lines.length > 0 ? lines.join('\n') : 'no messages')
    },
  },
  {
    name: 'outbox retry',
    usage: 'outbox retry ID [ID ...] | --all-failed [--json]',
    summary: 'queue failed messages again (audited)',
    options: { 'all-failed': { type: 'boolean' } },
    variadic: true,
    async run(ctx, { values, positionals }) {
      const ids = positionals.map(Number)
      const all = values['all-failed'] === true
      if (all === ids.length > 0 || ids.some((id) => !Number.isInteger(id) || id < 1)) throw new UsageError('give message ids or --all-failed')
      const retried = await ctx.services.outbox.retry(ctx.operator, all ? 'all' : ids)
      const missing = ids.filter((id) => !retried.includes(id))
      if (missing.length > 0 && retried.length === 0) throw new CommandError(`no failed message with id ${missing.join(', ')}`)
      emit(ctx.out, { retried }, `${retried.length} message(s) queued again${missing.length ? `; not failed: ${missing.join(', ')}` : ''}`)
    },
  },
  {
    name: 'secrets rewrap',
    usage: 'secrets rewrap [--json]',
    summary: 'seal every stored secret under SECRETS_KEY (reads SECRETS_KEY_PREVIOUS for the old key)',
    options: {},
    async run(ctx) {
      const result = await ctx.services.secrets.rewrap(ctx.operator)
      emit(ctx.out, result, `re-sealed under SECRETS_KEY: ${result.signingKeys} signing keys, ${result.appSecrets} app secrets, ${result.outbox} queued messages, ${result.webhooks} webhook secrets`)
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
