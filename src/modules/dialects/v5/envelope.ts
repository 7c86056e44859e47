/**
 * The v5 wire format: every reply is `{"data": <payload>, "errorMessage": <string|null>}`,
 * always `application/json`. A refusal of a well-formed request is HTTP 200 with
 * `data: null` and an `errorMessage` (`Not_Exist`, `Not_Allowed`, ...), which is what the
 * apps written for it read. Three failures keep their status, because the apps act on it:
 * 401 (a Homey app marks its devices unavailable; another app looks for "unauthorized" in
 * the body, so the body says so), 429 (with Retry-After) and 5xx. An extra
 * `errorDescription` carries the human sentence; the apps ignore unknown fields.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import Type, { type TSchema } from 'typebox'
import { OAUTH_CODE, OAuthError, type OAuthErrorCode } from '../../../lib/errors.ts'
import { component } from '../../../lib/schemas.ts'
import { toErrorResponse } from '../../../plugins/errors.ts'

/**
 * The dialect's own error words: what the apps written for v5 compare `errorMessage` with.
 * A wire format of its own, so it stays with the dialect rather than in lib/error-catalog.ts;
 * a catalog error becomes one of these by its status (BY_STATUS) or OAuth code (BY_OAUTH_ERROR).
 */
export const V5_ERROR_MESSAGES = [
  'Invalid_Request',
  'Invalid_Grant',
  'Invalid_Client',
  'Invalid_Command',
  'Unauthorized',
  'Not_Allowed',
  'Not_Exist',
  'Not_Found',
  'Already_Exists',
  'No_Data',
  'Offline',
  'Command_Failed',
  'Too_Many_Requests',
  'Server_Error',
] as const
export type V5ErrorMessage = (typeof V5_ERROR_MESSAGES)[number]

export interface Envelope<T> {
  data: T | null
  errorMessage: string | null
  errorDescription?: string
}

export const ok = <T>(data: T): Envelope<T> => ({ data, errorMessage: null })
export const refusal = (errorMessage: V5ErrorMessage, errorDescription?: string): Envelope<never> => ({
  data: null,
  errorMessage,
  ...(errorDescription ? { errorDescription } : {}),
})

/** A refusal in the envelope (`data: null`), also the body of the 401, 429 and 5xx answers. */
export const V5Refusal = Type.Object(
  {
    data: Type.Null(),
    errorMessage: Type.Unsafe<V5ErrorMessage>({ type: 'string', enum: [...V5_ERROR_MESSAGES], description: 'the v5 error word the apps compare', ...component('V5ErrorMessage') }),
    errorDescription: Type.Optional(Type.String()),
  },
  component('V5Refusal'),
)

/** The envelope's schema around a payload; `data` is null in a refusal. */
export function envelope<T extends TSchema>(data: T) {
  return Type.Object({
    data: Type.Union([data, Type.Null()]),
    errorMessage: Type.Union([Type.String(), Type.Null()]),
    errorDescription: Type.Optional(Type.String()),
  })
}

const BY_STATUS: Record<number, V5ErrorMessage> = {
  400: 'Invalid_Request',
  403: 'Not_Allowed',
  404: 'Not_Exist',
  409: 'Already_Exists',
  413: 'Invalid_Request',
  415: 'Invalid_Request',
}

const BY_OAUTH_ERROR: Partial<Record<OAuthErrorCode, V5ErrorMessage>> = {
  invalid_grant: 'Invalid_Grant',
  invalid_client: 'Invalid_Client',
  invalid_request: 'Invalid_Request',
  unauthorized_client: 'Not_Allowed',
  unsupported_grant_type: 'Invalid_Request',
  invalid_scope: 'Not_Allowed',
}

function send(reply: FastifyReply, status: number, body: Envelope<never>, headers: Record<string, string> = {}) {
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body)
}

/** The v5 plugin's error handler: domain and OAuth errors in the envelope. */
export function v5ErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof OAuthError) {
    if (error.error === OAUTH_CODE.rate_limited) return send(reply, 429, refusal('Too_Many_Requests', error.description), error.headers)
    return send(reply, 200, refusal(BY_OAUTH_ERROR[error.error] ?? 'Invalid_Request', error.description))
  }
  const { status, body, headers } = toErrorResponse(error, request)
  if (status === 401) return send(reply, 401, refusal('Unauthorized', body.message), headers)
  if (status === 429) return send(reply, 429, refusal('Too_Many_Requests', body.message), headers)
  if (status >= 500) return send(reply, 500, refusal('Server_Error', body.message), headers)
  return send(reply, 200, refusal(BY_STATUS[status] ?? 'Invalid_Request', body.message), headers)
}

export function v5NotFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, refusal('Not_Found', `No route ${request.method} ${request.url.split('?')[0]}.`))
}
