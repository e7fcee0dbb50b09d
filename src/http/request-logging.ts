import { type FastifyBaseLogger, type FastifyServerOptions, LogController } from 'fastify'

/** The levels at which Fastify's "incoming request" and "request completed" lines are written. */
const LEVELS_WRITING_INFO = new Set(['trace', 'debug', 'info'])

type Bindings = Parameters<FastifyBaseLogger['child']>[0]
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1]
type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>

/**
 * How Fastify logs each request, by the configured level. At `info` and below, as Fastify does.
 * At `warn` and above, where a request that goes well writes nothing:
 * - the two info lines of every request are not built (Fastify built each one, the response time
 *   measured, an object made, for a logger that dropped it); a response that failed is still
 *   logged ("request errored", at error level);
 * - each request's logger (a pino child carrying its request id) is made only when something is
 *   written through it. Made for every request, it was some 2% of an API answer's time.
 */
export function requestLogging(logger: FastifyServerOptions['logger']): {
  logController: LogController
  childLoggerFactory?: ChildLoggerFactory
} {
  const level =
    typeof logger === 'object' && logger !== null && typeof logger.level === 'string'
      ? logger.level
      : 'info'
  if (LEVELS_WRITING_INFO.has(level)) return { logController: new LogController() }
  return { logController: new ErrorsOnlyLogController(), childLoggerFactory: lazyChildLogger }
}

class ErrorsOnlyLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    ...[error, request, reply, metadata]: Parameters<LogController['requestCompleted']>
  ): void {
    if (error) super.requestCompleted(error, request, reply, metadata)
  }
}

const lazyChildLogger: ChildLoggerFactory = (logger, bindings, options) =>
  // A route's own level or serializers make a child that differs from its parent: made at once.
  options.level !== undefined || options.serializers !== undefined
    ? logger.child(bindings, options)
    : (new LazyChildLogger(logger, bindings) as unknown as FastifyBaseLogger)

/** A request's logger: the pino child with its bindings, made on first use. */
class LazyChildLogger {
  readonly #parent: FastifyBaseLogger
  readonly #bindings: Bindings
  #child: FastifyBaseLogger | undefined

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent
    this.#bindings = bindings
  }

  get #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings)
    return this.#child
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level
  }

  set level(level: string) {
    this.#logger.level = level
  }

  fatal(...args: Parameters<FastifyBaseLogger['fatal']>): void {
    this.#logger.fatal(...args)
  }

  error(...args: Parameters<FastifyBaseLogger['error']>): void {
    this.#logger.error(...args)
  }

  warn(...args: Parameters<FastifyBaseLogger['warn']>): void {
    this.#logger.warn(...args)
  }

  info(...args: Parameters<FastifyBaseLogger['info']>): void {
    this.#logger.info(...args)
  }

  debug(...args: Parameters<FastifyBaseLogger['debug']>): void {
    this.#logger.debug(...args)
  }

  trace(...args: Parameters<FastifyBaseLogger['trace']>): void {
    this.#logger.trace(...args)
  }

  silent(...args: Parameters<FastifyBaseLogger['silent']>): void {
    this.#logger.silent(...args)
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options)
  }
}
