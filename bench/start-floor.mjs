// The floor of an embedded-database server's start, for bench:start: Node, Fastify and PGlite
// opening the same data directory, listening, and answering GET /ready after `select 1`.
// Plain JavaScript on purpose: it runs on node alone, as `npm start` runs dist/.
import Fastify from 'fastify'
import { PGlite } from '@electric-sql/pglite'

const db = await PGlite.create(process.env.FLOOR_DATA_DIR)
const app = Fastify({ logger: false })
app.get('/ready', async () => {
  await db.query('select 1')
  return { status: 'ready' }
})
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
const stop = () => void app.close().then(() => db.close()).then(() => process.exit(0))
process.on('SIGTERM', stop)
