/** `trellis webhooks list|add|delete|rotate-secret`: a brand's or the platform's endpoints, as the operator (docs/webhooks.md). */
import { emit, id, list, table, UsageError } from './output.ts'
import type { Command } from './registry.ts'

const owner = (tenant: unknown) => (tenant === undefined ? null : id(tenant as string, '--tenant'))

export const webhookCommands: Command[] = [
  {
    name: 'webhooks list',
    usage: 'webhooks list [--tenant ID] [--json]',
    summary: "a brand's webhook endpoints (the platform's without --tenant)",
    options: { tenant: { type: 'string' } },
    async run(ctx, { values }) {
      const endpoints = await ctx.services.webhooks.list(ctx.operator, owner(values.tenant))
      const rows = endpoints.map((e) => ({ id: e.id, enabled: e.enabled, url: e.url, events: e.eventTypes.join(','), disabled: e.disabledReason }))
      emit(ctx.out, { endpoints }, table(rows, 'no endpoints'))
    },
  },
  {
    name: 'webhooks add',
    usage: 'webhooks add --url URL --events TYPE[,TYPE] [--tenant ID] [--json]',
    summary: 'add a webhook endpoint; its signing secret is printed once',
    options: { url: { type: 'string' }, events: { type: 'string' }, tenant: { type: 'string' } },
    async run(ctx, { values }) {
      const events = list(values.events as string | undefined)
      if (typeof values.url !== 'string' || !events) throw new UsageError('--url and --events are required')
      const { endpoint, secret } = await ctx.services.webhooks.create(ctx.operator, owner(values.tenant), { url: values.url, eventTypes: events })
      emit(ctx.out, { endpoint, secret }, `endpoint ${endpoint.id}: ${endpoint.url}\nsigning secret (shown once): ${secret}`)
    },
  },
  {
    name: 'webhooks rotate-secret',
    usage: 'webhooks rotate-secret ID [--json]',
    summary: 'a new signing secret, printed once; the old one signs beside it for a day',
    options: {},
    positionals: ['ID'],
    async run(ctx, { positionals }) {
      const rotated = await ctx.services.webhooks.rotate(ctx.operator, id(positionals[0], 'ID'))
      emit(ctx.out, rotated, `signing secret (shown once): ${rotated.secret}\nthe previous one signs too until ${rotated.previousSecretUntil.toISOString()}`)
    },
  },
  {
    name: 'webhooks delete',
    usage: 'webhooks delete ID [--json]',
    summary: 'delete a webhook endpoint (its queued deliveries go with it)',
    options: {},
    positionals: ['ID'],
    async run(ctx, { positionals }) {
      const endpointId = id(positionals[0], 'ID')
      await ctx.services.webhooks.remove(ctx.operator, endpointId)
      emit(ctx.out, { deleted: endpointId }, `endpoint ${endpointId} deleted`)
    },
  },
]
