/**
 * The CLI on an embedded database held by a running server: instead of opening the data
 * directory a second time (which loses writes), it sends its arguments to the server's
 * admin endpoint, which runs the same command on the server's own connection.
 *
 * Threat model: the endpoint runs operator commands, so it must be unreachable for anyone
 * but the local operator. It exists only on a server that owns an embedded data directory;
 * it answers only connections from a loopback address; it needs the secret the server
 * wrote at start into the data directory (mode 0600, new at each start), compared in
 * constant time; it is hidden from the OpenAPI document; anything else gets 404, the same
 * as an unknown route, so its presence is not advertised.
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sha256 } from '../lib/crypto.ts'
import { appErrors } from '../lib/errors.ts'
import { bodyOf } from '../plugins/errors.ts'
import { setTimeout as sleep } from 'node:timers/promises'
import { liveOwner, readAdminSecret, type LockOwner } from '../db/pglite-lock.ts'
import { COMMANDS, describeError, runCommand } from './commands.ts'
import { CommandError } from './output.ts'
import { parseCommand } from './registry.ts'

export const ADMIN_PATH = '/_trellis/admin/cli'
const SECRET_HEADER = 'x-trellis-admin-secret'
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

export interface RemoteResult {
  exitCode: number
  stdout: string
  stderr: string
}

function secretMatches(presented: unknown, secret: Buffer): boolean {
  if (typeof presented !== 'string') return false
  // hash both sides so the comparison is constant-time whatever the presented length
  return timingSafeEqual(sha256(presented), sha256(secret.toString('base64url')))
}

export async function adminRoutes(app: FastifyInstance, options: { secret: Buffer }): Promise<void> {
  app.post(
    ADMIN_PATH,
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          required: ['argv'],
          properties: { argv: { type: 'array', maxItems: 64, items: { type: 'string', maxLength: 4096 } } },
        },
      },
      // the secret is checked before the body is parsed or validated
      onRequest: async (request, reply) => {
        const local = LOOPBACK.has(request.socket.remoteAddress ?? '')
        if (!local || !secretMatches(request.headers[SECRET_HEADER], options.secret)) {
          return reply.code(404).send(bodyOf(appErrors.route_not_found('POST', ADMIN_PATH)))
        }
        return undefined
      },
    },
    async (request): Promise<RemoteResult> => {
      const { argv } = request.body as { argv: string[] }
      const stdout: string[] = []
      try {
        const parsed = parseCommand(COMMANDS, argv)
        const out = { json: parsed.values.json === true, print: (text: string) => stdout.push(text) }
        await runCommand(parsed, { db: app.db, config: app.config, keys: app.keys, out, services: app.services, secretBox: app.secretBox })
        return { exitCode: 0, stdout: stdout.map((l) => `${l}\n`).join(''), stderr: '' }
      } catch (error) {
        const { line, exitCode } = describeError(error)
        request.log.info({ argv: argv.slice(0, 2), exitCode }, 'admin command refused')
        return { exitCode, stdout: '', stderr: `${line}\n` }
      }
    },
  )
}

/**
 * A server publishes its admin endpoint just after it starts listening, so a command sent in
 * that moment (e.g. right after /ready first answers) waits for it rather than failing.
 */
async function publishedOwner(dataDir: string, owner: LockOwner): Promise<LockOwner> {
  if (owner.adminUrl || owner.role !== 'server') return owner
  for (let waited = 0; waited < 10_000; waited += 100) {
    await sleep(100)
    const now = liveOwner(dataDir)
    if (!now || now.pid !== owner.pid) break
    if (now.adminUrl) return now
  }
  return owner
}

/** Runs argv on the server that owns `dataDir`, or says exactly what to do instead. */
export async function runRemote(dataDir: string, lockOwner: LockOwner, argv: string[]): Promise<RemoteResult> {
  const owner = await publishedOwner(dataDir, lockOwner)
  const busy = `the embedded database ${dataDir} is in use by process ${owner.pid} (${owner.role})`
  if (!owner.adminUrl) {
    throw new CommandError(`${busy}, which takes no commands; wait for it to finish or stop it, then retry`)
  }
  let secret: string
  try {
    secret = readAdminSecret(dataDir)
  } catch {
    throw new CommandError(`${busy}, but its admin secret in ${dataDir} cannot be read (run as the user that started it)`)
  }
  let response: Response
  try {
    response = await fetch(`${owner.adminUrl}${ADMIN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SECRET_HEADER]: secret },
      body: JSON.stringify({ argv }),
      signal: AbortSignal.timeout(30_000),
    })
  } catch (error) {
    throw new CommandError(`${busy}, whose admin endpoint ${owner.adminUrl} does not answer (${(error as Error).message}); stop that process, then retry`)
  }
  if (!response.ok) throw new CommandError(`${busy}, whose admin endpoint refused the command (HTTP ${response.status}); restart the server, then retry`)
  return (await response.json()) as RemoteResult
}
