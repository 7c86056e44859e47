/**
 * What several console pages read through the services in the same way: an answer the policy
 * may refuse (the page then says so), and the names of who acted in a tenant's history.
 */
import { AppError } from '../../lib/errors.ts'
import type { Console, ConsoleServices } from './console-kit.ts'
import type { Who } from './history.views.ts'

/** A service's answer, or null when the policy refuses the person (403): the page says so instead. */
export async function unlessForbidden<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 403) return null
    throw error
  }
}

/**
 * Names actors: members by address (read through TenantsService.members, as the people page
 * does), the brand's other people among `actors` by address (PeopleService.find, which the
 * policy asks), the tenant's clients by name, the signed-in person as "you", others by kind and id.
 */
export async function whoIn(s: ConsoleServices, c: Console, actors: readonly { kind: string; id: string | null }[] = []): Promise<Who> {
  const members = (await unlessForbidden(() => s.tenants.members(c.actor, c.tenant.id))) ?? []
  const emails = new Map(members.map((m) => [String(m.id), m.email]))
  // the brand's people on the page who are not its members (its customers), by address, as far as the person may see them
  const others = [...new Set(actors.filter((a) => a.kind === 'user' && a.id !== null && !emails.has(a.id)).map((a) => a.id ?? ''))].filter((id) => /^\d{1,10}$/.test(id)).slice(0, 50)
  for (const id of others) {
    const person = await s.people.find(c.actor, c.tenant.id, Number(id)).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode < 500) return null
      throw error
    })
    if (person) emails.set(id, person.email)
  }
  // the tenant's apps and machine clients by name, where the person may read them
  const clients = (await unlessForbidden(() => s.clients.ofTenant(c.actor, c.tenant.id))) ?? []
  const apps = new Map(clients.map((client) => [client.client_id, client.name]))
  const me = String(c.session.user.id)
  return ({ kind, id }) => {
    if (kind === 'user' && id === me) return c.t.text('who.you', { email: c.session.user.email })
    if (kind === 'user' && id !== null && emails.has(id)) return emails.get(id) ?? id
    if (kind === 'operator') return c.t.text('who.operator')
    if (kind === 'client' && id !== null && apps.has(id)) return `${apps.get(id) ?? id} (${id})`
    return id === null ? kind : `${kind} ${id}`
  }
}
