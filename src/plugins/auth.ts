/**
 * Bearer authentication: turns an access token into `request.actor` (see
 * modules/tenancy/actor.ts). No token leaves the actor anonymous; a present but invalid,
 * expired or revoked one is a 401 at once, with `error="invalid_token"` in its challenge
 * (RFC 6750 3.1), so a client learns its token is bad rather than getting anonymous results.
 * A token of any of the service's issuers verifies (the platform's, or the tenant's a person
 * signed in at); the verifier the wiring passes in decides which (modules/oauth verifyAccessToken).
 *
 * Scopes: a route declares the scope it needs in its OpenAPI security requirement,
 * `security: [{ bearer: ['sensors:read'] }]`. Before the handler runs, a route with a
 * bearer requirement refuses anonymous callers (401) and tokens without the scope (403
 * insufficient_scope). The services check the same scope again through the policy, so a
 * route that forgot to declare one is still safe; the declaration makes it visible in the
 * document and lets the access matrix test read it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { invalidBearerRequest, invalidToken, unauthorized } from '../lib/errors.ts'
import { ANONYMOUS, type Actor } from '../modules/tenancy/index.ts'
import type { Policy } from '../modules/tenancy/index.ts'
import type { JWTPayload } from 'jose'
import type { UserProfile } from '../modules/sessions/index.ts'

/** Where a request keeps its resolved actor (a decorated slot: a WeakMap per request costs the collector). */
const ACTOR: unique symbol = Symbol('actor')

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor
    [ACTOR]: Actor | null
    /** The signed-in user's profile, on routes that ask for it (`config: { profile: true }`). */
    profile: UserProfile | undefined
  }
  interface FastifyContextConfig {
    /** The route answers with the user's profile: the token lookup brings it along (one round trip). */
    profile?: boolean
    /** The route checks a bearer credential of its own (not an access token), e.g. the metrics token. */
    ownBearer?: boolean
  }
}

/**
 * Resolves a verified token's claims to an actor (and, when asked, the user's profile), or
 * null when its session or client is gone.
 */
export type ActorResolver = (
  payload: JWTPayload,
  want: { profile: boolean; tenantId: number | null; sourceIp: string },
) => Promise<{ actor: Actor; profile?: UserProfile } | null>

/**
 * Verifies an access token's signature, type, expiry and issuer (modules/oauth verifyAccessToken:
 * the platform's issuer or the tenant issuer it was issued at); throws when it does not verify.
 */
export type AccessTokenVerifier = (token: string) => Promise<{ payload: JWTPayload }>

/** The tenant a request names (`/tenants/{tenantId}/...`), when its id is well formed. */
function namedTenant(request: FastifyRequest): number | null {
  const params: unknown = request.params
  if (typeof params !== 'object' || params === null || !('tenantId' in params)) return null
  const id = params.tenantId
  return typeof id === 'string' && /^[1-9][0-9]{0,8}$/.test(id) ? Number(id) : null
}

/**
 * The scopes a route requires, from its security requirements: one list per alternative
 * (OpenAPI: any one requirement object suffices), each list all required; null when the
 * route is public.
 */
export function declaredScopes(request: FastifyRequest): string[][] | null {
  const schema = request.routeOptions.schema as { security?: Record<string, string[]>[] } | undefined
  if (!schema) return null
  // read once per route: the schema object lives as long as the route
  let alternatives = scopesOfSchema.get(schema)
  if (alternatives === undefined) {
    const found = (schema.security ?? []).flatMap((s) => (Array.isArray(s.bearer) ? [s.bearer] : []))
    alternatives = found.length ? found : null
    scopesOfSchema.set(schema, alternatives)
  }
  return alternatives
}
const scopesOfSchema = new WeakMap<object, string[][] | null>()

/** Passes when one alternative's scopes are all held; otherwise throws the first alternative's refusal. */
function requireAnyOf(policy: Policy, actor: Actor, alternatives: string[][]): void {
  let refusal: unknown = null
  for (const scopes of alternatives) {
    try {
      for (const scope of scopes) policy.requireScope(actor, scope)
      return
    } catch (error) {
      refusal ??= error
    }
  }
  throw refusal
}

export function registerAuth(app: FastifyInstance, verify: AccessTokenVerifier, resolve: ActorResolver, policy: Policy): void {
  // an object decorator must be a getter/setter pair (Fastify shares plain values between requests);
  // the pair reads and writes a slot decorated with null, which every request starts with
  app.decorateRequest('profile', undefined)
  app.decorateRequest(ACTOR, null)
  app.decorateRequest<Actor>('actor', {
    getter(this: FastifyRequest) {
      return this[ACTOR] ?? ANONYMOUS
    },
    setter(this: FastifyRequest, value: Actor) {
      this[ACTOR] = value
    },
  })
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization
    if (!header) return
    // a getter that builds an object on each read: read once
    const { config } = request.routeOptions
    if (config.ownBearer === true) return
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match?.[1]) {
      if (/^Basic\s/i.test(header)) return // client authentication on the OAuth endpoints
      throw invalidBearerRequest('The Authorization header must be "Bearer <access token>".')
    }
    let payload
    try {
      ;({ payload } = await verify(match[1]))
    } catch {
      throw invalidToken('The access token is invalid or expired.')
    }
    // the session check also reads the user's role in the tenant the request names (one round trip);
    // the address goes with the actor as plain input: services record it in the audit log
    const resolved = await resolve(payload, { profile: config.profile === true, tenantId: namedTenant(request), sourceIp: request.ip })
    if (!resolved) throw invalidToken('The access token has been revoked.')
    request.actor = resolved.actor
    request.profile = resolved.profile
  })
  // callback style: it awaits nothing, and every request runs it
  app.addHook('preHandler', (request, _reply, done) => {
    const alternatives = declaredScopes(request)
    if (alternatives === null) return done()
    if (request.actor.kind === 'anonymous') return done(unauthorized())
    try {
      requireAnyOf(policy, request.actor, alternatives)
    } catch (error) {
      return done(error as Error)
    }
    done()
  })
}
