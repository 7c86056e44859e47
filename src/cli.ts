/**
 * The `trellis` admin command. It reads the same environment as the server and acts as
 * the platform operator, so it needs no token. `--json` prints exactly one JSON object.
 */
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from './config.ts'
import { connectDatabase, type DB } from './db/connect.ts'
import { migrateToLatest } from './db/migrate.ts'
import { addSigningKey } from './modules/oauth/keys.ts'
import { ClientsService, clientView } from './modules/oauth/clients.service.ts'
import { TenantsService, tenantView } from './modules/tenants/tenants.service.ts'
import { addMembership, findUserByEmail, insertUser } from './modules/users/users.repository.ts'
import { AppError } from './lib/errors.ts'
import { checkEmailText } from './modules/email/placeholders.ts'

const HELP = `Usage: trellis <command> [options]

Commands:
  migrate                                   apply database migrations
  tenants create --name NAME [--email-address E] [--json]
  clients create --name NAME --redirect-uri URI [--redirect-uri URI2 ...]
                 [--public] [--grant-types a,b] [--scopes a,b] [--json]
  users create --email E [--platform-admin] [--tenant ID --role ROLE] [--json]
  keys rotate [--json]                      add a signing key (older keys still verify)
  worker                                    run the email outbox worker alone (needs SMTP_URL)

Environment: DATABASE_URL, SMTP_URL, MAIL_FROM, ... (see README).`

type Out = { json: boolean; print: (text: string) => void }

function list(value: string | undefined): string[] | undefined {
  return value ? value.split(',').map((s) => s.trim()).filter(Boolean) : undefined
}

function emit(out: Out, record: object, human: string): void {
  out.print(out.json ? JSON.stringify(record) : human)
}

async function run(argv: string[], out: Out): Promise<void> {
  const [group, action, ...rest] = argv
  if (!group || group === '--help' || group === '-h' || group === 'help') {
    out.print(HELP)
    return
  }
  const config = loadConfig()
  if (group === 'worker') {
    const { runWorkerProcess } = await import('./modules/email/worker-process.ts')
    await runWorkerProcess(config)
    return
  }
  const db = await connectDatabase(config.database)
  try {
    await migrateToLatest(db)
    if (group === 'migrate') return out.print('migrations applied')
    const args = action ? rest : []
    await command(db, `${group} ${action ?? ''}`.trim(), args, out)
  } finally {
    await db.destroy()
  }
}

async function command(db: DB, name: string, args: string[], out: Out): Promise<void> {
  switch (name) {
    case 'tenants create': {
      const { values } = parseArgs({
        args,
        options: { name: { type: 'string' }, 'email-address': { type: 'string' }, json: { type: 'boolean' } },
      })
      if (!values.name) throw new UsageError('--name is required')
      const tenant = await new TenantsService(db, checkEmailText).insert({
        name: values.name,
        emailAddress: values['email-address'] ?? null,
      })
      return emit(out, tenantView(tenant), `tenant ${tenant.id} "${tenant.name}" created`)
    }
    case 'clients create': {
      const { values } = parseArgs({
        args,
        options: {
          name: { type: 'string' },
          'redirect-uri': { type: 'string', multiple: true },
          public: { type: 'boolean' },
          'grant-types': { type: 'string' },
          scopes: { type: 'string' },
          json: { type: 'boolean' },
        },
      })
      if (!values.name) throw new UsageError('--name is required')
      const { client, secret } = await new ClientsService(db).insert({
        name: values.name,
        redirectUris: values['redirect-uri'] ?? [],
        public: values.public ?? false,
        grantTypes: list(values['grant-types']),
        scopes: list(values.scopes),
      })
      const record = { ...clientView(client), ...(secret ? { clientSecret: secret } : {}) }
      return emit(out, record, `client created\n  client_id:     ${client.client_id}${secret ? `\n  client_secret: ${secret}  (shown once)` : ''}`)
    }
    case 'users create': {
      const { values } = parseArgs({
        args,
        options: {
          email: { type: 'string' },
          'platform-admin': { type: 'boolean' },
          tenant: { type: 'string' },
          role: { type: 'string' },
          json: { type: 'boolean' },
        },
      })
      if (!values.email || !/^[^@\s]+@[^@\s]+$/.test(values.email)) throw new UsageError('--email with a valid address is required')
      const role = values.role ?? (values.tenant ? 'member' : undefined)
      if (role && !['owner', 'admin', 'member'].includes(role)) throw new UsageError('--role must be owner, admin or member')
      if (role && !values.tenant) throw new UsageError('--role needs --tenant')
      if (await findUserByEmail(db, values.email)) throw new UsageError(`a user with email ${values.email} already exists`)
      const user = await db.transaction().execute(async (trx) => {
        const created = await insertUser(trx, { email: values.email!, emailConfirmed: true, platformAdmin: values['platform-admin'] ?? false })
        if (values.tenant) {
          const tenantId = Number(values.tenant)
          const tenant = await trx.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst()
          if (!tenant) throw new UsageError(`tenant ${values.tenant} does not exist`)
          await addMembership(trx, tenantId, created.id, role as 'owner' | 'admin' | 'member')
        }
        return created
      })
      const record = {
        id: user.id,
        email: user.email,
        username: user.username,
        platformAdmin: user.platform_role === 'admin',
        ...(values.tenant ? { tenantId: Number(values.tenant), role } : {}),
      }
      return emit(out, record, `user ${user.id} <${user.email}> created`)
    }
    case 'keys rotate': {
      const kid = await addSigningKey(db)
      return emit(out, { kid }, `signing key ${kid} added; it signs from now on, older keys still verify`)
    }
    default:
      throw new UsageError(`unknown command "${name}"\n\n${HELP}`)
  }
}

class UsageError extends Error {}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  try {
    await run(argv, { json: argv.includes('--json'), print: (text) => process.stdout.write(`${text}\n`) })
    return 0
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) process.stderr.write(`trellis: ${error.message}\n`)
    else if (error instanceof AppError) {
      const details = error.details?.map((d) => `\n  ${d.field}: ${d.message}`).join('') ?? ''
      process.stderr.write(`trellis: ${error.message}${details}\n`)
    } else if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`trellis: ${error.message}\n`)
    } else process.stderr.write(`trellis: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    return 1
  }
}
