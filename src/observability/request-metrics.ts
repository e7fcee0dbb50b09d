import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onResponseHookHandler,
} from 'fastify'
import { StoreUnavailableError } from '../domain/errors.ts'
import { ServiceOverloadedError } from '../http/overload.ts'
import type { ServiceMetrics } from './service-metrics.ts'

/** The route label of requests no route matched (unknown paths and methods). */
export const UNMATCHED_ROUTE = 'unmatched'

/** Marks the hooks added here, so that a route copied from another (HEAD from GET) gets one. */
const RECORDS_REQUESTS = Symbol('records requests')

/**
 * Times every answer into `http_request_duration_seconds` by method, route template and status,
 * and counts overload and store refusals. Registered before the routes.
 *
 * Each route gets its own response hook, made when the route is added and knowing its template,
 * so that an answer costs no lookup of its route (Fastify's `request.routeOptions` builds an object
 * of a dozen fields each time it is read). The time is Fastify's own measure of the answer
 * (`reply.elapsedTime`): no clock is read here. The one hook for every request handles only what
 * no route matched.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: ServiceMetrics): void {
  app.addHook('onRoute', (route) => {
    const own = route.onResponse === undefined ? [] : [route.onResponse].flat()
    const hook = routeHook(metrics, route.url)
    route.onResponse = [
      ...own.filter((handler) => !(RECORDS_REQUESTS in handler)),
      hook,
    ] as onResponseHookHandler[]
  })
  const unmatched = byMethod(metrics, UNMATCHED_ROUTE)
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request.method)(reply.statusCode, reply.elapsedTime / 1000)
    done()
  })
  // Only requests that failed pass here; an answer that goes well costs nothing.
  app.addHook('onError', (_request, _reply, error, done) => {
    if (error instanceof ServiceOverloadedError) metrics.overloadRefusals.inc()
    else if (error instanceof StoreUnavailableError) metrics.storeFailures.inc()
    done()
  })
}

function routeHook(metrics: ServiceMetrics, route: string) {
  const recorder = byMethod(metrics, route)
  const hook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    recorder(request.method)(reply.statusCode, reply.elapsedTime / 1000)
    done()
  }
  return Object.assign(hook, { [RECORDS_REQUESTS]: true })
}

/** A recorder per method of one route, made the first time the method is seen. */
function byMethod(metrics: ServiceMetrics, route: string) {
  const recorders = new Map<string, (statusCode: number, seconds: number) => void>()
  return (method: string) => {
    let recorder = recorders.get(method)
    if (recorder === undefined) {
      recorder = metrics.requestRecorder(method, route)
      recorders.set(method, recorder)
    }
    return recorder
  }
}
