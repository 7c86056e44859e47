/**
 * One error model. Everything outside /auth/oauth2/ answers
 * `{"success": false, "code", "message", "details"?}`; 5xx bodies never carry internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, type ErrorDetail } from '../lib/errors.ts'

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

const STATUS_CODES: Record<number, [string, string]> = {
  400: ['bad_request', 'The request could not be understood.'],
  404: ['not_found', 'Not found.'],
  405: ['method_not_allowed', 'Method not allowed.'],
  406: ['not_acceptable', 'Not acceptable.'],
  413: ['payload_too_large', 'The request body is too large.'],
  414: ['uri_too_long', 'A path parameter or the URI is too long.'],
  415: ['unsupported_media_type', 'This content type is not supported; send application/json.'],
}

/**
 * Input the schemas let through but the database refuses (a NUL character in a string, a
 * number out of a column's range, a duplicate): a 4xx naming the problem, never a 500.
 */
function databaseError(error: Error): { status: number; body: { code: string; message: string } } | null {
  const code = (error as { code?: unknown }).code
  const severity = (error as { severity?: unknown }).severity
  if (typeof code !== 'string' || typeof severity !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null
  if (code.startsWith('22')) return { status: 400, body: { code: 'invalid_value', message: 'A value in the request cannot be stored (for example a NUL character or a number out of range).' } }
  if (code === '23505') return { status: 409, body: { code: 'conflict', message: 'This conflicts with an existing record.' } }
  if (code === '23503') return { status: 409, body: { code: 'conflict', message: 'This refers to a record that does not exist or is still in use.' } }
  return null
}

interface ErrorBody {
  success: false
  code: string
  message: string
  details?: ErrorDetail[]
}

/** Maps any thrown error to a status, headers and the design's body. */
export function toErrorResponse(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
): { status: number; body: ErrorBody; headers: Record<string, string> } {
  if (error instanceof AppError) {
    const body: ErrorBody = { success: false, code: error.code, message: error.message }
    if (error.details) body.details = error.details
    return { status: error.statusCode, body, headers: error.headers ?? {} }
  }
  const database = databaseError(error)
  if (database) return { status: database.status, body: { success: false, ...database.body }, headers: {} }
  const fe = error as FastifyError
  if (fe.validation) {
    const details = validationDetails(fe.validationContext, fe.validation as AjvLikeError[])
    return {
      status: 400,
      body: {
        success: false,
        code: 'validation_failed',
        message: details.map((d) => `${d.field} ${d.message}`).join('; '),
        details,
      },
      headers: {},
    }
  }
  const status = fe.statusCode ?? 500
  if (status >= 400 && status < 500) {
    const [code, fallback] = STATUS_CODES[status] ?? ['bad_request', 'Bad request.']
    let specific = code
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError') specific = 'invalid_json'
    if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') specific = 'empty_json_body'
    if (fe.code === 'FST_ERR_BAD_URL') specific = 'invalid_url'
    const message = specific === 'invalid_json' ? 'The request body is not valid JSON.' : fe.message || fallback
    return { status, body: { success: false, code: specific, message }, headers: {} }
  }
  request.log.error({ err: error }, 'unhandled error')
  return {
    status: 500,
    body: {
      success: false,
      code: 'internal_error',
      message: `Something went wrong on our side. Quote request id ${request.id} when reporting it.`,
    },
    headers: {},
  }
}

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
      .send({ success: false, code: 'route_not_found', message: `No route ${request.method} ${request.url.split('?')[0]}.` }),
  )
}
