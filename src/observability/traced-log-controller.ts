import { context } from '@opentelemetry/api'
import { type FastifyRequest, LogController } from 'fastify'

/**
 * Fastify writes "incoming request" before any hook runs and "request completed" after the
 * response has gone, both outside the request's span, where the log's mixin sees no trace. These
 * lines are written in the request's context instead: "incoming request" by the request hook below,
 * once the span exists, and the others in the context the request kept.
 */
export class TracedLogController extends LogController {
  readonly #base: LogController

  constructor(base: LogController) {
    super()
    this.#base = base
  }

  override incomingRequest(): void {}

  /** Called by the tracing plugin's request hook, inside the request's span. */
  logIncoming(...args: Parameters<LogController['incomingRequest']>): void {
    this.#base.incomingRequest(...args)
  }

  override requestCompleted(...args: Parameters<LogController['requestCompleted']>): void {
    inRequestContext(args[1], () => this.#base.requestCompleted(...args))
  }

  override defaultErrorLog(...args: Parameters<LogController['defaultErrorLog']>): void {
    inRequestContext(args[1], () => this.#base.defaultErrorLog(...args))
  }

  override streamError(...args: Parameters<LogController['streamError']>): void {
    inRequestContext(args[1], () => this.#base.streamError(...args))
  }

  override routeNotFound(...args: Parameters<LogController['routeNotFound']>): void {
    inRequestContext(args[0], () => this.#base.routeNotFound(...args))
  }
}

function inRequestContext(request: FastifyRequest, write: () => void): void {
  const kept = typeof request.opentelemetry === 'function' ? request.opentelemetry().context : null
  if (kept) context.with(kept, write)
  else write()
}
