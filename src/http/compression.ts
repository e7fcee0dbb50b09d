import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { Negotiator } from '@fastify/accept-negotiator'
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify'

/**
 * Answers smaller than this go uncompressed. Up to about 14 kB (ten TCP segments, the first
 * flight a connection may send) an answer reaches the client in one round trip compressed or not,
 * so compressing it would only cost CPU: some 10 µs for a 2 kB answer, a third of what a small API
 * answer costs in all. The large ones pay: an availability answer of 100 vehicles (42 kB) becomes
 * 2.5 kB for some 35 µs, the OpenAPI document (87 kB) 11 kB for some 100 µs. 8 kB leaves room for
 * the headers.
 */
export const COMPRESSION_THRESHOLD_BYTES = 8 * 1024

/** Text the service sends: pages, documents, JSON, YAML, scripts. Not images nor event streams. */
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/([\w.-]+\+)?(json|yaml|javascript|xml))/

/** Different Accept-Encoding values remembered with their choice; a client cannot grow it. */
const NEGOTIATIONS_KEPT = 256

/**
 * Compresses answers above COMPRESSION_THRESHOLD_BYTES as the client's Accept-Encoding prefers
 * (Brotli, else gzip, else none), with the fastest settings that still compress well: Brotli
 * quality 1 and gzip level 1 save 94% of a 42 kB answer for 35-40 µs, where quality 4 or level 6
 * save a few hundred bytes more for 85-110 µs. Swagger UI's files, which never change between
 * deployments, come already compressed at their best (reference-assets.ts); files streamed from
 * disk (vehicle images) go as they are.
 *
 * A hook of our own rather than @fastify/compress: with it, small API answers asked with
 * Accept-Encoding (as most HTTP clients ask) lost 3-14% of their throughput to its per-answer
 * work even though none was compressed, and it compressed answers above 8 kB through a stream on
 * a 2-core machine (the OpenAPI document at about 490 µs of CPU instead of 100). Here a small
 * answer costs a comparison of its length; a large one is compressed at once, in memory.
 *
 * Added to every route after its own hooks, so that what they write (the reference page's title,
 * say) is what is compressed. Registered before the routes.
 */
export function registerCompression(app: FastifyInstance): void {
  const compress = compressionHook()
  app.addHook('onRoute', (route) => {
    const own = route.onSend === undefined ? [] : [route.onSend].flat()
    route.onSend = [...own, compress] as typeof route.onSend
  })
}

function compressionHook(): onSendHookHandler {
  const remembered = new Map<string, 'br' | 'gzip' | null>()
  const negotiator = new Negotiator<'br' | 'gzip'>({
    supportedValues: ['br', 'gzip'],
    cache: {
      has: (key) => remembered.has(key),
      get: (key) => remembered.get(key) as 'br' | 'gzip' | undefined,
      set(key, value) {
        if (remembered.size >= NEGOTIATIONS_KEPT) remembered.clear()
        remembered.set(key, value as 'br' | 'gzip')
        return this
      },
    },
  })
  return function compressAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ): void {
    // A small answer goes at once, on its length alone (most API answers): before the client's
    // Accept-Encoding is even read, which cost the small answers asked with it some 2-4 µs each.
    if (surelySmall(payload)) {
      done(null, payload)
      return
    }
    // Asked for nothing it can give, an answer is not measured: counting a string's bytes took
    // 1.5% of a quote's CPU time, and Fastify counts them again to write Content-Length.
    const accepted = request.headers['accept-encoding']
    const encoding = accepted ? negotiator.negotiate(accepted) : null
    if (
      !encoding ||
      !largeEnough(payload) ||
      reply.statusCode === 204 ||
      reply.statusCode === 206 ||
      reply.hasHeader('content-encoding') ||
      !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))
    ) {
      done(null, payload)
      return
    }
    const body = payload as string | Buffer
    const compressed =
      encoding === 'br'
        ? brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 1,
              [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
            },
          })
        : gzipSync(body, { level: 1 })
    const vary = reply.getHeader('vary')
    reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    reply.header('content-encoding', encoding)
    reply.removeHeader('content-length')
    done(null, compressed)
  }
}

/** Under the threshold whatever its characters: a string of at most a third of it, or fewer bytes. */
function surelySmall(payload: unknown): boolean {
  if (typeof payload === 'string') return payload.length * 3 < COMPRESSION_THRESHOLD_BYTES
  return !Buffer.isBuffer(payload) || payload.length < COMPRESSION_THRESHOLD_BYTES
}

/** A string or bytes of at least the threshold: its length alone says so for most answers. */
function largeEnough(payload: unknown): boolean {
  if (typeof payload === 'string') {
    // A character is one to three bytes in UTF-8: only a length in between needs counting.
    if (payload.length >= COMPRESSION_THRESHOLD_BYTES) return true
    if (payload.length * 3 < COMPRESSION_THRESHOLD_BYTES) return false
    return Buffer.byteLength(payload) >= COMPRESSION_THRESHOLD_BYTES
  }
  return Buffer.isBuffer(payload) && payload.length >= COMPRESSION_THRESHOLD_BYTES
}
