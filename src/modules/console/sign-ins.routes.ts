/**
 * The sign-in log in the console: a brand's attempts and their outcomes, searched by the start
 * of an address, a page at a time (the same service and policy as GET /tenants/{id}/v4/sign-ins:
 * the brand's admins; the platform).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ConsoleKit } from './console-kit.ts'
import { signInsPage } from './sign-ins.views.ts'

export function signInRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const s = ck.services
  ck.get('/sign-ins', 'the sign-in log: attempts and outcomes, searched by address, a page at a time', async (c, request: FastifyRequest) => {
    const q = request.query as Record<string, unknown>
    const text = (name: string) => (typeof q[name] === 'string' ? (q[name] as string).slice(0, 500) : '')
    const email = text('email').slice(0, 320)
    const query = { limit: 25, email, ...(text('after') ? { after: text('after') } : {}), ...(text('before') ? { before: text('before') } : {}) }
    const page = await s.signIns.forTenant(c.actor, c.tenant.id, query)
    const names = new Map<string, string>()
    for (const id of new Set(page.edges.map((e) => e.node.clientId).filter((x): x is string => x !== null))) names.set(id, (await s.clients.find(id))?.name ?? id)
    return signInsPage(c, email, page, (id) => names.get(id) ?? id)
  })
}
