import { type FastifyServerOptions, LogController } from 'fastify'

/** The levels at which Fastify's "incoming request" and "request completed" lines are written. */
const LEVELS_WRITING_INFO = new Set(['trace', 'debug', 'info'])

/**
 * Fastify's per-request log lines, skipped outright when the level would not write them. At
 * `warn` and above the two info lines of every request are never written, yet Fastify built each
 * one (the response time measured, an object made) and handed it to a logger that dropped it: a
 * few microseconds of every answer for nothing. A response that failed is still logged ("request
 * errored", at error level), at any level.
 */
export function requestLogController(logger: FastifyServerOptions['logger']): LogController {
  const level =
    typeof logger === 'object' && logger !== null && typeof logger.level === 'string'
      ? logger.level
      : 'info'
  if (LEVELS_WRITING_INFO.has(level)) return new LogController()
  return new ErrorsOnlyLogController()
}

class ErrorsOnlyLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    ...[error, request, reply, metadata]: Parameters<LogController['requestCompleted']>
  ): void {
    if (error) super.requestCompleted(error, request, reply, metadata)
  }
}
