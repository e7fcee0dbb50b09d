import Type from 'typebox'
import type { CatalogueIndex } from '../../domain/catalogue-index.ts'
import { depotsAnswer } from '../../operations/agent-operations.ts'
import { DepotSchema } from '../../schemas/depot.ts'
import type { ApiDeps, TypedFastify } from '../api-deps.ts'
import { API_TAG, errorResponses } from './error-responses.ts'

export function depotsRoute(app: TypedFastify, { ctx, links, docs }: ApiDeps): void {
  // The depots change only when a fleet is loaded, which gives a new catalogue: each catalogue's
  // list is presented and serialised (with the response schema) once, then sent as it is.
  const bodies = new WeakMap<CatalogueIndex, string>()
  app.get(
    '/depots',
    {
      schema: {
        ...docs.list_depots,
        tags: [API_TAG],
        response: {
          200: Type.Array(DepotSchema, { description: 'The active depots, in id order' }),
          ...errorResponses.listOnly,
        },
      },
    },
    async (_request, reply) => {
      const catalogue = ctx.catalogue()
      let body = bodies.get(catalogue)
      if (body === undefined) {
        body = reply.serialize(depotsAnswer({ ctx, links })) as string
        bodies.set(catalogue, body)
      }
      // Already JSON: Fastify sends a string typed as JSON without serialising it again.
      return reply.type('application/json; charset=utf-8').send(body as never)
    },
  )
}
