import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { component, errorResponses } from '../../lib/schemas.ts'
import { Id, registerScoped, scopedParams } from '../../lib/scope.ts'
import type { PasskeysService } from './passkeys.service.ts'

const tags = ['passkeys']
const security = [{ bearer: ['account'] }]
const B64 = (description: string) => Type.String({ minLength: 1, maxLength: 16384, pattern: '^[A-Za-z0-9_-]+={0,2}$', description })
const Transports = Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 10 }))
const Extensions = Type.Object({}, { additionalProperties: true, maxProperties: 20, description: "the client's extension outputs (ignored)" })

const Passkey = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    kind: Type.Union([Type.String(), Type.Null()], { description: "the authenticator's kind from its AAGUID where known (e.g. iCloud Keychain); null: unknown" }),
    createdAt: Type.String({ format: 'date-time' }),
    lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  component('Passkey'),
)
const Name = Type.String({ minLength: 1, maxLength: 100 })

const CreationOptions = Type.Object(
  { challenge: Type.String(), rp: Type.Object({ id: Type.Optional(Type.String()), name: Type.String() }), user: Type.Object({ id: Type.String(), name: Type.String(), displayName: Type.String() }) },
  { ...component('PasskeyCreationOptions'), additionalProperties: true, description: 'PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3): pass to navigator.credentials.create or the platform API' },
)
const RequestOptions = Type.Object(
  { challenge: Type.String(), rpId: Type.Optional(Type.String()), userVerification: Type.Optional(Type.String()) },
  { ...component('PasskeyRequestOptions'), additionalProperties: true, description: 'PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3): pass to navigator.credentials.get or the platform API' },
)

export const Attestation = Type.Object(
  {
    id: B64('the credential id'),
    rawId: B64('the credential id'),
    type: Type.Literal('public-key'),
    authenticatorAttachment: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
    clientExtensionResults: Extensions,
    response: Type.Object({
      clientDataJSON: B64('client data'),
      attestationObject: B64('the attestation object (format none is enough)'),
      transports: Transports,
      authenticatorData: Type.Optional(B64('authenticator data')),
      publicKey: Type.Optional(B64('public key (SPKI)')),
      publicKeyAlgorithm: Type.Optional(Type.Integer()),
    }),
  },
  component('PasskeyAttestation'),
)
export const Assertion = Type.Object(
  {
    id: B64('the credential id'),
    rawId: B64('the credential id'),
    type: Type.Literal('public-key'),
    authenticatorAttachment: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
    clientExtensionResults: Extensions,
    response: Type.Object({
      clientDataJSON: B64('client data'),
      authenticatorData: B64('authenticator data'),
      signature: B64('the signature'),
      userHandle: Type.Optional(B64("the account's opaque handle")),
    }),
  },
  component('PasskeyAssertion'),
)

const SignInOptionsBody = Type.Object(
  {
    client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'left out, the client is the one whose redirect URIs match redirect_uri' })),
    redirect_uri: Type.String({ minLength: 1, maxLength: 2000 }),
    code_challenge: Type.Optional(Type.String({ maxLength: 256 })),
    code_challenge_method: Type.Optional(Type.String({ maxLength: 20, description: 'S256' })),
    scope: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  component('PasskeySignInRequest'),
)

export async function passkeyRoutes(parent: FastifyInstance, { passkeys }: { passkeys: PasskeysService }): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/users/current/passkeys',
    { schema: { tags, summary: "The signed-in person's passkeys", security, response: { 200: Type.Object({ passkeys: Type.Array(Passkey) }), ...errorResponses } } },
    async (r) => ({ passkeys: await passkeys.list(r.actor) }),
  )
  app.post(
    '/users/current/passkeys/options',
    {
      schema: {
        tags,
        summary: 'Options to create a passkey (needs a sign-in at most RECENT_SIGN_IN_SECONDS old); answer within 5 minutes with POST /users/current/passkeys',
        security,
        response: { 200: CreationOptions, ...errorResponses },
      },
    },
    async (r) => passkeys.registrationOptions(r.actor),
  )
  app.post(
    '/users/current/passkeys',
    {
      schema: {
        tags,
        summary: "Register a passkey: the authenticator's answer to the options (needs a sign-in at most RECENT_SIGN_IN_SECONDS old)",
        security,
        body: Type.Object({ response: Attestation, name: Type.Optional(Name) }),
        response: { 201: Passkey, ...errorResponses },
      },
    },
    async (r, reply) => reply.code(201).send(await passkeys.register(r.actor, r.body, r.ip)),
  )
  app.patch(
    '/users/current/passkeys/:passkeyId',
    {
      schema: { tags, summary: 'Rename a passkey', security, params: Type.Object({ passkeyId: Id }), body: Type.Object({ name: Name }), response: { 200: Passkey, ...errorResponses } },
    },
    async (r) => passkeys.rename(r.actor, r.params.passkeyId, r.body.name),
  )
  app.delete(
    '/users/current/passkeys/:passkeyId',
    {
      schema: { tags, summary: 'Delete a passkey (needs a sign-in at most RECENT_SIGN_IN_SECONDS old)', security, params: Type.Object({ passkeyId: Id }), response: { 204: Type.Null(), ...errorResponses } },
    },
    async (r, reply) => {
      await passkeys.remove(r.actor, r.params.passkeyId)
      return reply.code(204).send(null)
    },
  )

  registerScoped(app, (parentScoped) => {
    const scoped = parentScoped.withTypeProvider<TypeBoxTypeProvider>()
    scoped.post(
      '/auth/passkeys/options',
      {
        schema: {
          tags: ['login'],
          summary: "Options to sign in with a passkey for an app's request (checked as for a login code); answer within 5 minutes",
          params: scopedParams({}),
          body: SignInOptionsBody,
          response: { 200: RequestOptions, ...errorResponses },
        },
      },
      async (r) => passkeys.signInOptions(r.params.tenantId ?? null, r.body, r.ip),
    )
    scoped.post(
      '/auth/passkeys/signIn',
      {
        schema: {
          tags: ['login'],
          summary: "Sign in with a passkey: the authenticator's assertion; answers a login code for the token endpoint (with the request's PKCE verifier)",
          params: scopedParams({}),
          body: Type.Object({ response: Assertion }),
          response: { 200: Type.Object({ code: Type.String({ description: 'a login code, exchanged at /auth/oauth2/token like a mailed one' }) }, component('PasskeyLoginCode')), ...errorResponses },
        },
      },
      async (r) => ({ code: await passkeys.signIn(r.params.tenantId ?? null, r.body.response, r.ip) }),
    )
  })
}
