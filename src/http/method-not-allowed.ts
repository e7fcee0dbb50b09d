import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import type { TypedFastify } from './api-deps.ts'

/** What every endpoint of the API answers: GET, and HEAD as Fastify gives it for each GET. */
export const ALLOWED_METHODS = 'GET, HEAD'

/**
 * The methods a client may send that the read-only API does not take, among those Fastify routes;
 * any other (SEARCH, PROPFIND) reaches the not-found handler, which answers the same 405 on an
 * endpoint's path (endpointPathTest).
 */
const OTHER_METHODS = ['DELETE', 'PATCH', 'POST', 'PUT', 'TRACE', 'QUERY']

/**
 * Another method on an endpoint's path is a 405 with `Allow`, in the API's error shape, answered
 * before any body is read: the path is right, only the method is not (an unknown path stays a
 * 404). The rate limit counts it, as every API request.
 */
export function refuseOtherMethods(app: TypedFastify, path: string): void {
  app.route({
    method: OTHER_METHODS,
    url: path,
    schema: { hide: true },
    onRequest: (request: FastifyRequest, reply: FastifyReply, _done: HookHandlerDoneFunction) => {
      methodNotAllowed(request, reply)
    },
    handler: async () => undefined,
  })
}

/** The 405 of a method the API does not take, on an endpoint's path. */
export function methodNotAllowed(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .code(405)
    .header('allow', ALLOWED_METHODS)
    .send({
      error: `${request.method} is not allowed on ${request.url.split('?')[0]}; this API is read-only: send GET`,
      code: 'method_not_allowed',
    })
}

/**
 * Whether a request's path (its query aside) is one of the endpoints' paths, given as Fastify
 * routes them under `prefix` (`/vehicles/:vehicleId/accessories`): segment by segment, a
 * parameter's segment matching any.
 */
export function endpointPathTest(
  prefix: string,
  paths: readonly string[],
): (url: string) => boolean {
  const routes = paths.map((path) => `${prefix}${path}`.split('/'))
  return (url) => {
    // As Fastify routes: `/quotes/` is no endpoint's path.
    const segments = (url.split('?')[0] ?? '').split('/')
    return routes.some(
      (route) =>
        route.length === segments.length &&
        route.every(
          (part, index) =>
            part === segments[index] || (part.startsWith(':') && segments[index] !== ''),
        ),
    )
  }
}
