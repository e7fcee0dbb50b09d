import type { FastifyInstance, FastifyReply, FastifyRequest, LogController } from 'fastify'
import { StoreUnavailableError } from '../domain/errors.ts'
import { ServiceOverloadedError } from '../http/overload.ts'
import type { ServiceMetrics } from './service-metrics.ts'

/** The route label of requests no route matched (unknown paths and methods). */
export const UNMATCHED_ROUTE = 'unmatched'

type Recorder = (statusCode: number, seconds: number) => void

/**
 * Times every answer into `http_request_duration_seconds` by method, route template and status.
 *
 * Fastify already follows each answer to its end for its "request completed" log line: it reads
 * the clock when the answer starts and when it is written, and then calls its log controller's
 * `requestCompleted`, whatever the level. The answer is recorded there, with Fastify's own measure
 * (`reply.elapsedTime`): no clock is read here, and no response hook is added (a hook costs every
 * answer a run of Fastify's hook runner, which measured as much again as the rest of the metrics).
 * Each route's recorder keeps the labelled series of each status it has seen.
 */
export function recordCompletedRequests(logController: LogController, metrics: ServiceMetrics) {
  const routes = new Map<string, Map<string, Recorder>>()
  const recorderOf = (method: string, route: string): Recorder => {
    let byMethod = routes.get(route)
    if (byMethod === undefined) {
      byMethod = new Map()
      routes.set(route, byMethod)
    }
    let recorder = byMethod.get(method)
    if (recorder === undefined) {
      recorder = metrics.requestRecorder(method, route)
      byMethod.set(method, recorder)
    }
    return recorder
  }
  const record = (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE)
    recorderOf(request.method, route)(reply.statusCode, reply.elapsedTime / 1000)
  }
  const logged = logController.requestCompleted.bind(logController)
  logController.requestCompleted = (error, request, reply, metadata) => {
    record(request, reply)
    logged(error, request, reply, metadata)
  }
  return logController
}

/**
 * Counts the overload and store refusals, and, for an app without a logger (Fastify then does not
 * follow answers to their end), makes Fastify follow them so that they are recorded too.
 */
export function registerRequestMetrics(
  app: FastifyInstance,
  metrics: ServiceMetrics,
  options: { hasLogger: boolean },
): void {
  if (!options.hasLogger) {
    // Any response hook makes Fastify follow the answer and call `requestCompleted` at its end.
    app.addHook('onResponse', (_request, _reply, done) => done())
  }
  // Only requests that failed pass here; an answer that goes well costs nothing.
  app.addHook('onError', (_request, _reply, error, done) => {
    if (error instanceof ServiceOverloadedError) metrics.overloadRefusals.inc()
    else if (error instanceof StoreUnavailableError) metrics.storeFailures.inc()
    done()
  })
}
