/**
 * Route schemas compiled on first use rather than at start-up. Fastify compiles every
 * route's validators (Ajv) and response serializers (fast-json-stringify) in `ready()`:
 * for this API's few hundred schemas that was 2.7 s of CPU, over half of a start. Deferred,
 * a route pays its own compilation (about a millisecond) on its first request, and
 * `compileAll()` compiles what is left: the server runs it in the background once it
 * listens, and a test runs it so that a schema that cannot be compiled fails the suite
 * rather than a request.
 */
import { createRequire } from 'node:module'

type Validate<R, E> = ((data: unknown) => R) & { errors?: E }
type Serialize = (doc: unknown) => string
/** A route's serializer definition, as Fastify hands it to the serializer compiler. */
interface SerializerRoute {
  schema?: unknown
  method: string
  url: string
  httpStatus: string
  contentType?: string
}
type SerializerFactory = (externalSchemas: unknown, options: unknown) => (route: SerializerRoute) => Serialize

/**
 * The serializer compiler Fastify itself would use, resolved from Fastify's own location so
 * that it is always the version Fastify was released with (it is Fastify's dependency, not
 * ours). Loaded on the first route that has a response schema.
 */
function fastifySerializerFactory(): SerializerFactory {
  const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'))
  // a CommonJS module without types on this path; its shape is the one Fastify documents
  const selector = fastifyRequire('@fastify/fast-json-stringify-compiler') as () => SerializerFactory
  return selector()
}

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean'])

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A response schema as fast-json-stringify is given it: each scalar-or-null `anyOf` (what
 * `Nullable` and `Type.Union([X, Type.Null()])` write) becomes a type array. It writes a type
 * array's value directly, but checks an `anyOf` value against its branches with Ajv on every
 * response, and under load that kept young garbage alive into the old generation
 * (`GET /users/current`: collections of 7-23 ms instead of 2; docs/benchmarks.md). The API
 * document keeps the `anyOf`; `schema` itself is left as it is.
 */
export function forSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializer)
  if (!isRecord(schema)) return schema
  const copy: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) copy[key] = forSerializer(value)
  const { anyOf, ...rest } = copy
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return copy
  const nullAt = anyOf.findIndex((branch) => isRecord(branch) && branch.type === 'null' && Object.keys(branch).length === 1)
  const other: unknown = anyOf[1 - nullAt]
  if (nullAt < 0 || !isRecord(other) || typeof other.type !== 'string' || !SCALAR_TYPES.has(other.type)) return copy
  return { ...rest, ...other, type: [other.type, 'null'] }
}

export class DeferredSchemas {
  private readonly pending = new Map<() => unknown, string>()
  private serializerFactory: SerializerFactory | null = null

  /** How many schemas are still to compile. */
  get size(): number {
    return this.pending.size
  }

  private defer<F>(what: string, compile: () => F): () => F {
    let compiled: F | null = null
    const ensure = (): F => {
      if (compiled === null) {
        try {
          compiled = compile()
        } catch (error) {
          throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
        }
        this.pending.delete(ensure)
      }
      return compiled
    }
    this.pending.set(ensure, what)
    return ensure
  }

  /** A validator that compiles on its first call and passes on Ajv's `errors`, which Fastify reads after a failed call. */
  validator<R, E>(what: string, compile: () => Validate<R, E>): Validate<R, E> {
    const ensure = this.defer(what, compile)
    const validate: Validate<R, E> = (data) => {
      const real = ensure()
      const result = real(data)
      validate.errors = real.errors
      return result
    }
    return validate
  }

  /** Fastify's `schemaController.compilersFactory.buildSerializer`, each serializer deferred. */
  readonly buildSerializer = (externalSchemas: unknown, options: unknown) => {
    return (route: SerializerRoute): Serialize => {
      const ensure = this.defer(`${route.method} ${route.url} response ${route.httpStatus}`, () => {
        this.serializerFactory ??= fastifySerializerFactory()
        return this.serializerFactory(externalSchemas, options)({ ...route, schema: forSerializer(route.schema) })
      })
      return (doc) => ensure()(doc)
    }
  }

  /**
   * Compiles every schema not yet compiled; with `pause`, yields to the event loop between
   * schemas so that requests arriving meanwhile are not held up. Throws on the first schema
   * that cannot be compiled, naming its route.
   */
  async compileAll(pause = false): Promise<number> {
    let count = 0
    for (const ensure of [...this.pending.keys()]) {
      ensure()
      count += 1
      if (pause) await new Promise((resolve) => setImmediate(resolve))
    }
    return count
  }
}
