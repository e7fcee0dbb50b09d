import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { ServiceMetrics } from './service-metrics.ts'

export const METRICS_PATH = '/metrics'

const UNAUTHORIZED = JSON.stringify({
  error:
    'The metrics need the metrics token: send the header Authorization: Bearer <METRICS_TOKEN>',
})

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function tokenCheck(token: string): (headers: IncomingHttpHeaders) => boolean {
  const expected = createHash('sha256').update(token).digest()
  return (headers) => {
    const given = /^bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1] ?? ''
    return timingSafeEqual(createHash('sha256').update(given).digest(), expected)
  }
}

/**
 * GET /metrics on the site's own port, for METRICS_TOKEN's holder only (401 otherwise). Outside
 * every rate limit and the OpenAPI document, like /health and /ready.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: ServiceMetrics,
  token: string,
): void {
  const authorized = tokenCheck(token)
  app.get(METRICS_PATH, async (request, reply) => {
    if (!authorized(request.headers)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('application/json; charset=utf-8')
        .send(UNAUTHORIZED)
    }
    const { contentType, body } = await metrics.exposition()
    return reply.header('cache-control', 'no-store').type(contentType).send(body)
  })
}

/** The metrics listener, apart from the site; `close` stops it. */
export type MetricsServer = { url: string; close(): Promise<void> }

/**
 * Serves only GET /metrics on a port of its own (METRICS_PORT, on METRICS_HOST: loopback by
 * default), a plain `node:http` server outside the app: no rate limit, no overload refusal, none
 * of the site's hooks, so it answers while the site is saturated. With METRICS_TOKEN set it asks
 * for the token here too.
 */
export async function startMetricsServer(
  metrics: ServiceMetrics,
  options: { port: number; host: string; token?: string | undefined },
): Promise<MetricsServer> {
  const authorized = options.token ? tokenCheck(options.token) : () => true
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]
    if (path !== METRICS_PATH) {
      answer(response, 404, 'text/plain; charset=utf-8', `Only ${METRICS_PATH} is served here\n`)
      return
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD')
      answer(response, 405, 'text/plain; charset=utf-8', 'Use GET\n')
      return
    }
    if (!authorized(request.headers)) {
      response.setHeader('www-authenticate', 'Bearer realm="metrics"')
      answer(response, 401, 'application/json; charset=utf-8', UNAUTHORIZED)
      return
    }
    metrics.exposition().then(
      ({ contentType, body }) =>
        answer(response, 200, contentType, request.method === 'HEAD' ? '' : body),
      () => answer(response, 500, 'text/plain; charset=utf-8', 'The metrics could not be read\n'),
    )
  })
  // Scrapes are short; an idle keep-alive connection must not hold the process at shutdown.
  server.keepAliveTimeout = 5000
  await new Promise<void>((listening, failed) => {
    server.once('error', failed)
    server.listen(options.port, options.host, () => {
      server.off('error', failed)
      listening()
    })
  })
  const address = server.address() as AddressInfo
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return {
    url: `http://${host}:${address.port}${METRICS_PATH}`,
    close: () =>
      new Promise((closed) => {
        server.close(() => closed())
        server.closeAllConnections()
      }),
  }
}

function answer(response: ServerResponse, status: number, contentType: string, body: string) {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' })
  response.end(body)
}
