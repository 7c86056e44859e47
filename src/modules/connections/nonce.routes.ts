/** `POST /auth/upstream/nonce`: the nonce a native app puts in its request to the provider before the token exchange (exchange.ts). */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import type { Bucket } from '../../lib/rate-limit.ts'
import { errorResponses } from '../../lib/schemas.ts'
import { issueNonce } from './exchange.ts'
import type { SignInDeps } from './signin.service.ts'

export interface NonceRoutesDeps {
  deps: Pick<SignInDeps, 'db' | 'clock'>
  bucket: Bucket
  clientExists: (clientId: string) => Promise<boolean>
}

export async function nonceRoutes(parent: FastifyInstance, { deps, bucket, clientExists }: NonceRoutesDeps): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  app.post(
    '/auth/upstream/nonce',
    {
      schema: {
        tags: ['connections'],
        summary: 'A nonce for native sign-in with a provider: single-use, for this client, 10 minutes',
        description:
          'The app puts the nonce (or its SHA-256 in hex, as Apple\'s native API is usually given) in its request to Apple or Google, then exchanges the ID token at /auth/oauth2/token (grant_type urn:ietf:params:oauth:grant-type:token-exchange, subject_token_type urn:ietf:params:oauth:token-type:id_token).',
        body: Type.Object({ client_id: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: Type.Object({ nonce: Type.String(), expires_in: Type.Integer() }), ...errorResponses },
      },
    },
    async (r, reply) => {
      const { nonce, expiresIn } = await issueNonce(deps, bucket, r.body.client_id, r.ip, clientExists)
      return reply.header('cache-control', 'no-store').send({ nonce, expires_in: expiresIn })
    },
  )
}
