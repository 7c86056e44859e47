/** `trellis keys rotate|list|retire`. */
import { CommandError, emit, table, type Context } from './output.ts'
import type { Command } from './registry.ts'

/** Inside the server the key set reloads at once; other instances follow within seconds. */
async function propagate(ctx: Context): Promise<void> {
  await ctx.keys?.reload()
}

/** What a running server does next, in the command's words (the oauth module loaded on use, as below). */
async function followUp(): Promise<string> {
  const { REFRESH_MS } = await import('../modules/oauth/index.ts')
  return `running servers pick it up within ${REFRESH_MS / 1000} seconds`
}

export const keyCommands: Command[] = [
  {
    name: 'keys rotate',
    usage: 'keys rotate [--alg ES256|RS256] [--json]',
    summary: 'add a signing key per algorithm (or of --alg) that signs from now on; older keys keep verifying',
    options: { alg: { type: 'string' } },
    async run(ctx, { values }) {
      const alg = values.alg
      if (alg !== undefined && alg !== 'ES256' && alg !== 'RS256') throw new CommandError('--alg must be ES256 or RS256')
      const kids = await ctx.services.signingKeys.rotate(ctx.operator, alg)
      await propagate(ctx)
      // kid: the first key added (the ES256 one without --alg), as the command answered with one key before
      emit(ctx.out, { kid: kids[0], kids }, `signing keys ${kids.join(', ')} added; ${await followUp()} and sign with them; older keys still verify`)
    },
  },
  {
    name: 'keys list',
    usage: 'keys list [--json]',
    summary: 'list signing keys: signing, verifying, or expired (retired and past its last token)',
    options: {},
    async run(ctx) {
      const keys = (await ctx.services.signingKeys.list(ctx.operator)).map((k) => ({
        kid: k.kid,
        alg: k.alg,
        state: k.state,
        createdAt: k.createdAt.toISOString(),
        retiredAt: k.retiredAt?.toISOString() ?? null,
      }))
      emit(ctx.out, { keys }, table(keys, 'no signing keys'))
    },
  },
  {
    name: 'keys retire',
    usage: 'keys retire KID [--json]',
    summary: 'stop signing with a key now; it verifies until its last token expires',
    options: {},
    positionals: ['KID'],
    async run(ctx, { positionals }) {
      const kid = positionals[0]!
      const { outcome, verifiesUntil } = await ctx.services.signingKeys.retire(ctx.operator, kid)
      if (outcome === 'unknown') throw new CommandError(`signing key ${kid} does not exist`)
      if (outcome === 'already_retired') throw new CommandError(`signing key ${kid} is already retired`)
      if (outcome === 'last_key') throw new CommandError(`signing key ${kid} is the only one that signs with its algorithm: run trellis keys rotate first`)
      await propagate(ctx)
      const until = verifiesUntil.toISOString()
      emit(ctx.out, { kid, retired: true, verifiesUntil: until }, `signing key ${kid} retired: it no longer signs (${await followUp()}) and verifies tokens until ${until}`)
    },
  },
]
