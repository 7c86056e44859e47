/**
 * The logger the domain writes to: pino's method shape, without pino or Fastify in the
 * domain's imports. The server hands its request-independent logger (app.log) over.
 */
type LogMethod = (obj: object, msg?: string) => void

export interface Log {
  debug: LogMethod
  info: LogMethod
  warn: LogMethod
  error: LogMethod
}
