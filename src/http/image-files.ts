import fastifyStatic from '@fastify/static'
import type { FastifyError, FastifyInstance } from 'fastify'

/** One range of a Range header: `0-499`, `500-` or `-500` (a digit on at least one side). */
const ONE_RANGE = /^\s*(\d+-\d*|-\d+)\s*$/

/**
 * A Range header as RFC 9110 writes one, each range with its first byte at most its last: what
 * is not (`bytes=abc`, `bytes=-`, `bytes=5-1`) the server may ignore.
 */
function isRange(header: string): boolean {
  if (!header.startsWith('bytes=')) return false
  return header
    .slice('bytes='.length)
    .split(',')
    .every((part) => {
      if (!ONE_RANGE.test(part)) return false
      const [first, last] = part.trim().split('-')
      return first === '' || last === '' || Number(first) <= Number(last)
    })
}

/**
 * The fleet's images and the company's logo, served from `root` at `prefix`, cached a day. A
 * request the file server refuses (a NUL in the name, a name longer than the file system takes)
 * names no image of the site: a 404 saying so, not a bare "Forbidden". A Range header that is not
 * one is ignored, as RFC 9110 lets a server do, and the whole image is sent: the file server
 * answered 416 to it.
 */
export function imageFiles(root: string, prefix: string) {
  return async (app: FastifyInstance): Promise<void> => {
    app.addHook('onRequest', (request, _reply, done) => {
      const range = request.headers.range
      if (range !== undefined && !isRange(range)) delete request.headers.range
      done()
    })
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.statusCode !== 403) throw error
      const path = request.url.split('?')[0]
      return reply.code(404).send({
        error: `${request.method} ${path} is not an image of this site`,
        code: 'not_found',
      })
    })
    await app.register(fastifyStatic, { root, prefix, maxAge: '1d' })
  }
}
