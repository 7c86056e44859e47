/**
 * Input the framework and Node reject before any route runs still answers in the one error
 * shape (plugins/errors.ts).
 *
 * Threat model: a JSON body nested thousands deep costs recursion in JSON.parse, in schema
 * validation and in every later walk of the value, and once crashed a request with a 500;
 * so nesting depth is counted on the raw text, in one linear pass, before anything parses
 * it. Form bodies (@fastify/formbody) parse flat (`a[b]` is a literal key), so they have
 * no depth. Errors Node's HTTP parser raises (431 header fields too large, a request line
 * that is no HTTP) never reach Fastify's handlers: `clientError` writes them itself.
 */
import type { Socket } from 'node:net'
import { STATUS_CODES } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { APP_ERRORS, type ErrorCode } from '../lib/error-catalog.ts'
import { APP_CODE, appErrors } from '../lib/errors.ts'

/** Deeper JSON than any route's schema describes; sensors' free-form metadata stays well inside it. */
export const MAX_JSON_DEPTH = 32

/** Whether `text` opens more than `max` arrays/objects inside each other (strings skipped). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}

export function registerJsonDepthLimit(app: FastifyInstance, max = MAX_JSON_DEPTH): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (jsonTooDeep(text, max)) {
      done(appErrors.json_too_deep(max), undefined)
      return
    }
    parse(request, text, done)
  })
}

const { request_header_fields_too_large: headersTooLarge, request_timeout: timeout, uri_too_long: uriTooLong } = APP_ERRORS
const CLIENT_ERRORS: Record<string, [number, ErrorCode, string]> = {
  HPE_HEADER_OVERFLOW: [headersTooLarge.status, APP_CODE.request_header_fields_too_large, headersTooLarge.message],
  ERR_HTTP_REQUEST_TIMEOUT: [timeout.status, APP_CODE.request_timeout, timeout.message],
  HPE_URI_TOO_LONG: [uriTooLong.status, APP_CODE.uri_too_long, 'The request URI is too long.'],
}

/** For Fastify's `clientErrorHandler`: Node's own 4xx answers, in the documented shape. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const [status, code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, APP_CODE.bad_request, 'The request is not valid HTTP.']
  const body = JSON.stringify({ success: false, code, message })
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
}
