import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { Negotiator } from '@fastify/accept-negotiator'
import type { FastifyInstance } from 'fastify'

const packageFile = createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')
const STATIC_DIR = join(dirname(packageFile), 'static')

/**
 * The version of Swagger UI's files, which come with @fastify/swagger-ui: the reference page asks
 * for them with `?v=` it, so a new version is a new address and the old ones may be kept for good.
 */
export const REFERENCE_ASSETS_VERSION = (
  createRequire(import.meta.url)('@fastify/swagger-ui/package.json') as { version: string }
).version

/** Swagger UI's files the reference page loads, with their types; scripts and styles compress. */
const ASSETS: Record<string, { type: string; text: boolean }> = {
  'swagger-ui-bundle.js': { type: 'application/javascript; charset=utf-8', text: true },
  'swagger-ui-standalone-preset.js': { type: 'application/javascript; charset=utf-8', text: true },
  'swagger-ui.css': { type: 'text/css; charset=utf-8', text: true },
  'index.css': { type: 'text/css; charset=utf-8', text: true },
  'favicon-32x32.png': { type: 'image/png', text: false },
  'favicon-16x16.png': { type: 'image/png', text: false },
}

/** Versioned addresses are kept a year, and never asked again (`immutable`). */
const VERSIONED_CACHE_CONTROL = 'public, max-age=31536000, immutable'
/** An address without the version (an old page, a hand-typed URL) is checked again soon. */
const UNVERSIONED_CACHE_CONTROL = 'public, max-age=300'

type Encoded = { identity: Buffer; br?: Buffer; gzip?: Buffer }

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * Serves Swagger UI's files for the reference at `${prefix}/<file>` from memory, each compressed
 * once at its best (Brotli quality 9, gzip level 9: the 1.7 MB bundle becomes 390 kB, in some
 * 200 ms on first asking, off the event loop) and sent as the client's Accept-Encoding prefers,
 * instead of read from disk and compressed again for every visitor. They answer before the
 * Swagger UI plugin's own file server, which keeps the files the page does not load.
 */
export function referenceAssets(prefix: string, contentSecurityPolicy: string) {
  return async function register(app: FastifyInstance): Promise<void> {
    const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'], cache: new Map() })
    const encoded = new Map<string, Promise<Encoded>>()
    for (const [file, asset] of Object.entries(ASSETS)) {
      app.get(`${prefix}/${file}`, { schema: { hide: true } }, async (request, reply) => {
        let ready = encoded.get(file)
        if (!ready) {
          ready = encode(join(STATIC_DIR, file), asset.text)
          encoded.set(file, ready)
          // A failed read is tried again on the next asking.
          ready.catch(() => encoded.delete(file))
        }
        const forms = await ready
        const versioned = (request.query as { v?: unknown }).v === REFERENCE_ASSETS_VERSION
        const header = request.headers['accept-encoding']
        const encoding = asset.text && header ? negotiator.negotiate(header) : null
        const body = (encoding && forms[encoding]) ?? forms.identity
        reply
          .type(asset.type)
          .header('cache-control', versioned ? VERSIONED_CACHE_CONTROL : UNVERSIONED_CACHE_CONTROL)
          .header('etag', `"${REFERENCE_ASSETS_VERSION}-${encoding ?? 'identity'}"`)
          // The reference's own policy, as Swagger UI's file server sets it on the others.
          .header('content-security-policy', contentSecurityPolicy)
        if (asset.text) reply.header('vary', 'Origin, Accept-Encoding')
        if (encoding && forms[encoding]) reply.header('content-encoding', encoding)
        return reply.send(body)
      })
    }
  }
}

async function encode(path: string, text: boolean): Promise<Encoded> {
  const identity = await readFile(path)
  if (!text) return { identity }
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: 9 }),
  ])
  return { identity, br, gzip: gz }
}

/**
 * The reference page with the version on the addresses of the files above, so that browsers keep
 * them (`static/swagger-ui-bundle.js` becomes `static/swagger-ui-bundle.js?v=6.1.3`).
 */
export function withVersionedAssets(html: string): string {
  let versioned = html
  for (const file of Object.keys(ASSETS)) {
    versioned = versioned.replaceAll(
      `/static/${file}"`,
      `/static/${file}?v=${REFERENCE_ASSETS_VERSION}"`,
    )
  }
  return versioned
}
