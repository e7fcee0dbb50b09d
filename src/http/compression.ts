import { constants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/**
 * Answers smaller than this go uncompressed. Up to about 14 kB (ten TCP segments, the first
 * flight a connection may send) an answer reaches the client in one round trip compressed or not,
 * so compressing it would only cost CPU: some 10 µs for a 2 kB answer, a third of what a small API
 * answer costs in all. The large ones pay: an availability answer of 100 vehicles (42 kB) becomes
 * 2.5 kB for some 35 µs, the OpenAPI document (87 kB) 11 kB. 8 kB leaves room for the headers.
 */
export const COMPRESSION_THRESHOLD_BYTES = 8 * 1024

/**
 * What each answer is compressed with, in the server's order of preference; the client's
 * Accept-Encoding (its q-values) chooses among them, and an answer to a client that accepts
 * neither goes as it is.
 */
export const COMPRESSED_ENCODINGS = ['br', 'gzip'] as const

/**
 * Compresses answers as they are sent (@fastify/compress): the documents, the pages and the API's
 * JSON above COMPRESSION_THRESHOLD_BYTES, with the fastest settings that still compress well
 * (Brotli quality 1 and gzip level 1: on a 42 kB answer, 94% smaller for 35-40 µs, where quality 4
 * or level 6 save a few hundred bytes more for 85-110 µs). Swagger UI's assets, which never change
 * between deployments, are compressed once at their best instead (reference-assets.ts) and come
 * here already encoded. Registered before the routes, which it hooks as they are added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: [...COMPRESSED_ENCODINGS],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
    // Requests are never compressed: no route takes a body that large.
    globalDecompression: false,
  })
}
