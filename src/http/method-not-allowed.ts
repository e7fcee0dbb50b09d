import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import type { TypedFastify } from './api-deps.ts'

/** What every endpoint of the API answers: GET, and HEAD as Fastify gives it for each GET. */
export const ALLOWED_METHODS = 'GET, HEAD'

/** The methods a client may send that the read-only API does not take. */
const OTHER_METHODS = ['DELETE', 'PATCH', 'POST', 'PUT']

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
      reply
        .code(405)
        .header('allow', ALLOWED_METHODS)
        .send({
          error: `${request.method} is not allowed on ${request.url.split('?')[0]}; this API is read-only: send GET`,
          code: 'method_not_allowed',
        })
    },
    handler: async () => undefined,
  })
}
