/**
 * Real OpenID providers for the upstream sign-in tests: node-oidc-provider on loopback, as
 * Google-like (the standard code flow, RS256, email_verified a boolean) or Apple-like
 * (response_mode=form_post, ES256 ID tokens, email_verified the string "true", and a client
 * secret that is an ES256 JWT it verifies with the team's public key, as Apple does).
 * Sign-in is its development login form: any login name is an account, its claims from `people`.
 */
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, exportPKCS8, generateKeyPair, jwtVerify, type CryptoKey } from 'jose'

export interface Person {
  email: string
  emailVerified: boolean
  name?: string
}

export interface Upstream {
  issuer: string
  clientId: string
  clientSecret: string
  /** Apple-like: the team's key, its id and the team id Trellis signs the client secret with. */
  apple?: { teamId: string; keyId: string; privateKey: string }
  /** The provider's own signing key (to make ID tokens of the test's choosing). */
  signingKey: CryptoKey
  signingAlg: 'RS256' | 'ES256'
  people: Map<string, Person>
  close(): Promise<void>
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** `userinfoOnly`: a provider that keeps the address out of the ID token, for its userinfo endpoint (OpenID Connect's default). */
export async function startUpstream(kind: 'google' | 'apple', redirectUri: string, opts: { userinfoOnly?: boolean } = {}): Promise<Upstream> {
  const { default: Provider } = await import('oidc-provider')
  const signingAlg = kind === 'apple' ? 'ES256' : 'RS256'
  const { privateKey } = await generateKeyPair(signingAlg, { extractable: true })
  const jwk = { ...(await exportJWK(privateKey)), alg: signingAlg, use: 'sig', kid: `${kind}-key` }
  const team = await generateKeyPair('ES256', { extractable: true })
  const people = new Map<string, Person>()
  const clientId = `trellis-${kind}`
  const internalSecret = `${kind}-client-secret-0123456789abcdef0123456789`
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: internalSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: kind === 'apple' ? 'client_secret_post' : 'client_secret_basic',
        id_token_signed_response_alg: signingAlg,
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [`${kind}-cookie-key-0123456789`] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], name: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    // Google and Apple put the address in the ID token itself; others may keep it for userinfo
    conformIdTokenClaims: opts.userinfoOnly === true,
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => {
        const person = people.get(id)
        // Apple sends email_verified as a string and never the name in the ID token
        const verified = kind === 'apple' ? String(person?.emailVerified ?? false) : (person?.emailVerified ?? false)
        return { sub: id, email: person?.email, email_verified: verified, ...(kind === 'google' && person?.name ? { name: person.name } : {}) } as { sub: string }
      },
    }),
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client?.clientId, accountId: ctx.oidc.session?.accountId })
      grant.addOIDCScope('openid email profile name')
      await grant.save()
      return grant
    },
  })
  const callback = provider.callback()
  server.on('request', (req, res) => {
    if (kind !== 'apple' || req.method !== 'POST' || !req.url?.startsWith('/token')) return callback(req, res)
    // Apple's client secret: an ES256 JWT from the team, for the service id, to the issuer; checked, then the provider's own secret
    void readBody(req).then(async (raw) => {
      const form = new URLSearchParams(raw)
      try {
        await jwtVerify(form.get('client_secret') ?? '', team.publicKey, { issuer: 'TEAM123456', subject: clientId, audience: issuer, algorithms: ['ES256'] })
        form.set('client_secret', internalSecret)
      } catch {
        form.set('client_secret', 'refused')
      }
      ;(req as IncomingMessage & { body?: string }).body = form.toString()
      return callback(req, res)
    })
  })
  return {
    issuer,
    clientId,
    clientSecret: kind === 'apple' ? '' : internalSecret,
    ...(kind === 'apple' ? { apple: { teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: await exportPKCS8(team.privateKey) } } : {}),
    signingKey: privateKey,
    signingAlg,
    people,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
