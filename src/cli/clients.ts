/** `trellis clients create|list|delete|rotate-secret`. */
import { readFileSync } from 'node:fs'
import { CommandError, emit, id, list, missing, table, UsageError } from './output.ts'
import type { Command } from './registry.ts'

/** Grants that send the user's browser back to the app, so they need a redirect URI. */
const REDIRECTING_GRANTS = ['authorization_code']

export const clientCommands: Command[] = [
  {
    name: 'clients create',
    usage:
      'clients create --name NAME (--redirect-uri URI [--redirect-uri URI2 ...] | --machine) [--public] [--grant-types a,b] [--scopes a,b] [--tenant ID] [--allowed-origins a,b] [--client-id ID] [--long-lived-access-tokens SECONDS] [--client-secret-file PATH] [--json]',
    summary: "create an OAuth client, or with --machine a machine client (automation acting as the platform's or the --tenant brand's admin); a confidential one gets a secret, shown once",
    options: {
      name: { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      public: { type: 'boolean' },
      'grant-types': { type: 'string' },
      scopes: { type: 'string' },
      tenant: { type: 'string' },
      'allowed-origins': { type: 'string' },
      'client-id': { type: 'string' },
      'long-lived-access-tokens': { type: 'string' },
      'client-secret-file': { type: 'string' },
      machine: { type: 'boolean' },
    },
    async run(ctx, { values }) {
      const { clientView } = await import('../modules/oauth/index.ts')
      if (typeof values.name !== 'string' || !values.name) throw new UsageError('--name is required')
      const longLived = values['long-lived-access-tokens'] as string | undefined
      const secretFile = values['client-secret-file'] as string | undefined
      const redirectUris = (values['redirect-uri'] as string[] | undefined) ?? []
      const grantTypes = list(values['grant-types'] as string | undefined)
      const machine = values.machine === true
      const grants = grantTypes ?? (machine ? ['client_credentials'] : ['authorization_code', 'refresh_token'])
      if (!redirectUris.length && grants.some((g) => REDIRECTING_GRANTS.includes(g))) {
        throw new UsageError('--redirect-uri is required (a client without one takes --grant-types client_credentials, or is a --machine client)')
      }
      const { client, secret } = await ctx.services.clients.create(ctx.operator, {
        name: values.name,
        redirectUris,
        public: values.public === true,
        grantTypes,
        scopes: list(values.scopes as string | undefined),
        tenantId: values.tenant === undefined ? null : id(values.tenant as string, '--tenant'),
        allowedOrigins: list(values['allowed-origins'] as string | undefined) ?? null,
        ...(typeof values['client-id'] === 'string' ? { clientId: values['client-id'] } : {}),
        // from a file, so the secret stays out of shell history and process listings
        ...(secretFile !== undefined ? { clientSecret: readFileSync(secretFile, 'utf8').split(/\r?\n/)[0] ?? '' } : {}),
        ...(longLived !== undefined ? { longLivedAccessTokenSeconds: id(longLived, '--long-lived-access-tokens') } : {}),
        ...(machine ? { machine } : {}),
      })
      // an imported secret is not echoed back: the caller has it
      const generated = secretFile === undefined ? secret : null
      const record = { ...clientView(client), ...(generated ? { clientSecret: generated } : {}) }
      emit(ctx.out, record, `client created\n  client_id:     ${client.client_id}${secret ? `\n  client_secret: ${secret}  (shown once)` : ''}`)
    },
  },
  {
    name: 'clients list',
    usage: 'clients list [--json]',
    summary: 'list OAuth clients (never their secrets)',
    options: {},
    async run(ctx) {
      const { clientView } = await import('../modules/oauth/index.ts')
      const rows = await ctx.services.clients.all(ctx.operator)
      const clients = rows.map(clientView)
      const human = clients.map((c) => ({ clientId: c.clientId, name: c.name, public: c.public, machine: c.machine, grantTypes: c.grantTypes.join(',') }))
      emit(ctx.out, { clients }, table(human, 'no clients'))
    },
  },
  {
    name: 'clients delete',
    usage: 'clients delete CLIENT_ID [--json]',
    summary: 'delete a client and end every session it opened',
    options: {},
    positionals: ['CLIENT_ID'],
    async run(ctx, { positionals }) {
      const clientId = positionals[0]!
      // through the service, so this process's client cache forgets it at once
      await missing(ctx.services.clients.remove(ctx.operator, clientId), `client ${clientId} does not exist`)
      emit(ctx.out, { clientId, deleted: true }, `client ${clientId} deleted; its sessions are ended`)
    },
  },
  {
    name: 'clients rotate-secret',
    usage: 'clients rotate-secret CLIENT_ID [--json]',
    summary: 'give a confidential client a new secret (shown once); running servers refuse the old one within 5 seconds',
    options: {},
    positionals: ['CLIENT_ID'],
    async run(ctx, { positionals }) {
      const clientId = positionals[0]!
      const client = await missing(ctx.services.clients.get(ctx.operator, clientId), `client ${clientId} does not exist`)
      if (client.is_public) throw new CommandError(`client ${clientId} is public: it has no secret`)
      const secret = await ctx.services.clients.rotateSecret(ctx.operator, clientId)
      emit(ctx.out, { clientId, clientSecret: secret }, `new secret for ${clientId}\n  client_secret: ${secret}  (shown once)`)
    },
  },
]
