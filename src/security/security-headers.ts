import type { ServerResponse } from 'node:http'
import helmet from 'helmet'
import { API_POLICY_DIRECTIVES } from './content-security-policies.ts'

/** A response header as set on the wire: name and value. */
export type HeaderLine = readonly [name: string, value: string]

/**
 * Helmet's security headers on every answer: no MIME sniffing, no framing, no referrer to other
 * sites, an isolated browsing context, HSTS when the site is served over https, and the API's
 * Content-Security-Policy, which the pages, the landing page and the reference replace with
 * their own (content-security-policies.ts).
 *
 * Cross-Origin-Resource-Policy is `cross-origin`: the API, its documents and the vehicle images
 * are public, and an agent's chat window on another site shows those images.
 *
 * None of these depends on the request, so Helmet runs once, here, against a response that only
 * records what it sets; every answer then gets the recorded lines (site-headers.ts). Running
 * Helmet per request, as its Fastify plugin does, rebuilt and re-parsed the policy each time.
 */
export function securityHeaders(options: { publicUrl: string }): HeaderLine[] {
  const lines = new Map<string, string>()
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      lines.set(name.toLowerCase(), String(value))
    },
    removeHeader(name: string) {
      lines.delete(name.toLowerCase())
    },
  }
  const apply = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: API_POLICY_DIRECTIVES },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    frameguard: { action: 'deny' },
    // Over plain http (a local run) a browser ignores HSTS; it is sent only for an https site,
    // and without includeSubDomains, which would bind the company's other hosts too.
    strictTransportSecurity: options.publicUrl.startsWith('https:')
      ? { maxAge: 31_536_000, includeSubDomains: false }
      : false,
  })
  apply({} as never, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
  })
  return [...lines]
}
