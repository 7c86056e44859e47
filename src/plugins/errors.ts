/**
 * One error model. Everything outside /auth/oauth2/ answers
 * `{"success": false, "code", "message", "details"?}`; 5xx bodies never carry internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { APP_ERRORS, type ErrorCode } from '../lib/error-catalog.ts'
import { AppError, APP_CODE, appErrors, type ErrorDetail } from '../lib/errors.ts'

interface AjvLikeError {
  instancePath?: string
  message?: string
  keyword?: string
  params?: Record<string, unknown>
}

export function validationDetails(context: string | undefined, errors: AjvLikeError[]): ErrorDetail[] {
  return errors.map((e) => {
    const path = (e.instancePath ?? '').split('/').filter(Boolean)
    if (e.keyword === 'required' && typeof e.params?.missingProperty === 'string') path.push(e.params.missingProperty)
    if (e.keyword === 'additionalProperties' && typeof e.params?.additionalProperty === 'string') {
      path.push(e.params.additionalProperty)
    }
    const field = [context, ...path].filter(Boolean).join('.') || context || 'request'
    let message = e.message ?? 'is invalid'
    if (e.keyword === 'required') message = 'is required'
    if (e.keyword === 'additionalProperties') message = 'is not allowed'
    return { field, message }
  })
}

/** A status the framework refuses with: its code, and the sentence when the framework gives none. */
const STATUS_CODES: Record<number, readonly [ErrorCode, string]> = {
  400: [APP_CODE.bad_request, APP_ERRORS.bad_request.message],
  404: [APP_CODE.not_found, 'Not found.'],
  405: [APP_CODE.method_not_allowed, APP_ERRORS.method_not_allowed.message],
  406: [APP_CODE.not_acceptable, APP_ERRORS.not_acceptable.message],
  413: [APP_CODE.payload_too_large, APP_ERRORS.payload_too_large.message],
  414: [APP_CODE.uri_too_long, APP_ERRORS.uri_too_long.message],
  415: [APP_CODE.unsupported_media_type, APP_ERRORS.unsupported_media_type.message],
}

/**
 * Input the schemas let through but the database refuses (a NUL character in a string, a
 * number out of a column's range, a duplicate): a 4xx naming the problem, never a 500.
 */
function databaseError(error: Error): AppError | null {
  const code = (error as { code?: unknown }).code
  const severity = (error as { severity?: unknown }).severity
  if (typeof code !== 'string' || typeof severity !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null
  if (code.startsWith('22')) return appErrors.invalid_value()
  if (code === '23505') return appErrors.conflict('duplicate')
  if (code === '23503') return appErrors.conflict('reference')
  return null
}

interface ErrorBody {
  success: false
  code: ErrorCode
  message: string
  details?: ErrorDetail[]
}

/** Maps any thrown error to a status, headers and the design's body. */
export function toErrorResponse(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
): { status: number; body: ErrorBody; headers: Record<string, string> } {
  const known = error instanceof AppError ? error : databaseError(error)
  if (known) {
    const body: ErrorBody = { success: false, code: known.code, message: known.message }
    if (known.details) body.details = known.details
    return { status: known.statusCode, body, headers: known.headers ?? {} }
  }
  const fe = error as FastifyError
  if (fe.validation) {
    const details = validationDetails(fe.validationContext, fe.validation as AjvLikeError[])
    return {
      status: 400,
      body: {
        success: false,
        code: APP_CODE.validation_failed,
        message: details.map((d) => `${d.field} ${d.message}`).join('; '),
        details,
      },
      headers: {},
    }
  }
  const status = fe.statusCode ?? 500
  if (status >= 400 && status < 500) {
    const [code, text] = STATUS_CODES[status] ?? [APP_CODE.bad_request, 'Bad request.']
    let specific: ErrorCode = code
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError') specific = APP_CODE.invalid_json
    if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') specific = APP_CODE.empty_json_body
    if (fe.code === 'FST_ERR_BAD_URL') specific = APP_CODE.invalid_url
    const message = specific === APP_CODE.invalid_json ? APP_ERRORS.invalid_json.message : fe.message || text
    return { status, body: { success: false, code: specific, message }, headers: {} }
  }
  request.log.error({ err: error }, 'unhandled error')
  const internal = appErrors.internal_error(request.id)
  return { status: internal.statusCode, body: { success: false, code: internal.code, message: internal.message }, headers: {} }
}

/** The body of an error answered without throwing it (a hook that replies itself). */
export const bodyOf = (error: AppError): ErrorBody => ({ success: false, code: error.code, message: error.message })

export function sendError(reply: FastifyReply, error: Error, request: FastifyRequest): FastifyReply {
  const { status, body, headers } = toErrorResponse(error, request)
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body)
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(reply, error, request))
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send(bodyOf(appErrors.route_not_found(request.method, request.url.split('?')[0] ?? ''))),
  )
}
