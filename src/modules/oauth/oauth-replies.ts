/**
 * How the endpoints under /auth/oauth2/ answer: errors as RFC 6749 section 5.2
 * (`{"error", "error_description"}`), every answer `Cache-Control: no-store`. Each plugin of
 * such endpoints installs it in its own scope.
 */
import type { FastifyError, FastifyInstance } from 'fastify'
import { OAUTH_CODE, OAuthError } from '../../lib/errors.ts'
import { OAuthErrorSchema } from '../../lib/schemas.ts'
import { toErrorResponse } from '../../plugins/errors.ts'

/** The error responses such an endpoint documents. */
export const oauthErrors = { 400: OAuthErrorSchema, 401: OAuthErrorSchema, 429: OAuthErrorSchema }

// Both JSON (what existing apps send) and form encoding (RFC 6749) are accepted.
export const consumes = ['application/json', 'application/x-www-form-urlencoded']

export function oauthReplies(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache')
    if (error instanceof OAuthError) {
      return reply.code(error.statusCode).headers(error.headers).send({ error: error.error, error_description: error.description })
    }
    const { status, body, headers } = toErrorResponse(error, request)
    if (status >= 500) return reply.code(status).send({ error: OAUTH_CODE.server_error, error_description: body.message })
    return reply.code(status).headers(headers).send({ error: OAUTH_CODE.invalid_request, error_description: body.message })
  })
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache')
  })
}
