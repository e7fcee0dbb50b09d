import type { FastifyInstance } from 'fastify'
import { METRICS_PATH } from '../observability/metrics-endpoint.ts'
import { WorkBacklog } from './work-backlog.ts'

/**
 * How long after start-up nothing is refused: start-up's own work (compiling every route's
 * schemas, loading a fleet) is not overload.
 */
export const OVERLOAD_WARM_UP_MS = 1000

/** The process is too busy to answer in time: refused with a 503 and Retry-After, never queued. */
export class ServiceOverloadedError extends Error {
  constructor() {
    super('The service is overloaded')
    this.name = 'ServiceOverloadedError'
  }
}

/**
 * Refuses requests with a 503 while the service has more work than it can finish in time: more
 * requests waiting than a person or an agent sends, each waiting longer than
 * `maxEventLoopDelayMs` behind the work before it (see WorkBacklog). A flood of expensive requests
 * is refused in its first turn of the event loop; work that keeps the loop busy while requests
 * keep coming, within about half a second. A pause of the process is not overload: it was
 * measured that the refusals a user saw beside a browser auditing the pages came from a 190 ms
 * garbage collection, and those beside an operator's large import from the 300-500 ms it took to
 * read booked days and the catalogue again, each one late sample of the loop, which the guard of
 * the time (one sample's mean delay over the threshold) took for overload. 0 turns the check off.
 *
 * The refusal is an error that each area's error handler renders in its own medium (JSON for
 * the API and documents, a page for /book). `/health` and `/metrics` are never refused (a busy
 * process is alive, and an orchestrator must not restart it for being busy) nor counted. The agent API refuses in
 * its own scope, after counting the request, so that its 503 carries the rate-limit headers like
 * every API response (api-gate.ts), with the function returned here: whether the process is
 * overloaded now. Nothing is refused in the first OVERLOAD_WARM_UP_MS after start-up.
 */
function isProbe(url: string): boolean {
  return (
    url === '/health' ||
    url.startsWith('/health?') ||
    url === METRICS_PATH ||
    url.startsWith(`${METRICS_PATH}?`)
  )
}

export async function registerOverloadGuard(
  app: FastifyInstance,
  options: { maxEventLoopDelayMs: number; apiPrefix: string },
): Promise<() => boolean> {
  const apiPath = `${options.apiPrefix}/`
  const enabled = options.maxEventLoopDelayMs > 0
  const backlog = new WorkBacklog(options.maxEventLoopDelayMs)
  let believedFrom = Number.POSITIVE_INFINITY
  app.addHook('onReady', (done) => {
    believedFrom = performance.now() + OVERLOAD_WARM_UP_MS
    if (enabled) backlog.start()
    done()
  })
  app.addHook('onClose', (_app, done) => {
    backlog.stop()
    done()
  })
  const isOverloaded = () => enabled && backlog.overloaded() && performance.now() >= believedFrom
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.url
    // Probes are never refused: a busy process is alive, and its metrics say how busy it is.
    if (isProbe(url)) {
      done()
      return
    }
    backlog.arrive()
    if (url.startsWith(apiPath) || !isOverloaded()) {
      done()
      return
    }
    done(new ServiceOverloadedError())
  })
  return isOverloaded
}
