/** Starts the process: listen, print where things are, shut down gracefully. Nothing else. */
import { ConfigError, loadConfig } from './config.ts'
import { buildApp } from './app.ts'
import { seedDevData } from './dev-seed.ts'

async function start(): Promise<void> {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
  const app = await buildApp(config)
  const seed = config.seedDevData ? await seedDevData(app) : null
  await app.listen({ port: config.port, host: config.host })

  const base = config.publicUrl
  const lines = [
    '',
    `Trellis is running at ${base}`,
    `  API docs:    ${base}/docs`,
    `  OpenAPI:     ${base}/openapi.json`,
  ]
  if (app.services.email.mailboxEnabled) lines.push(`  Dev mailbox: ${base}/dev/mailbox`)
  if (seed) {
    lines.push(
      '',
      'Fresh embedded database; created for development:',
      `  tenant id:     ${seed.tenantId} (Dev Tenant)`,
      `  platform admin: ${seed.adminEmail} (log in with a login code)`,
      `  public client: client_id=${seed.clientId}`,
      `                 redirect_uri=${seed.redirectUri}`,
    )
  }
  process.stdout.write(`${lines.join('\n')}\n\n`)

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: no new connections, draining requests')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    await app.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

void start()
