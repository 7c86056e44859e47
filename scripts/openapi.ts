/**
 * The OpenAPI document of a freshly built app (in-memory database, no port). It depends
 * only on the code, never on a server's data or address, so the typed client made from it
 * can be checked for drift.
 *
 *   tsx scripts/openapi.ts [out.json]    prints the document, or writes it to out.json
 */
import { writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'

export async function apiDocument(): Promise<string> {
  // A fixed environment and public URL, so the document is the same on every machine.
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: 'pglite://memory',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    RUN_WORKER: 'false',
    // no broker: the document does not depend on one, and another may hold the MQTT port
    MQTT_EMBEDDED: 'false',
  })
  const app = await buildApp(config, { logger: false })
  try {
    return `${JSON.stringify(app.swagger(), null, 2)}\n`
  } finally {
    await app.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = await apiDocument()
  const out = process.argv[2]
  if (out) writeFileSync(out, text)
  else process.stdout.write(text)
}
