import { type Server, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { HeaderLine } from '../security/security-headers.ts'

/*
 * Requests that never reach a route: Node's HTTP parser refused them (a malformed request line,
 * headers too large) or they did not arrive in time (headers or a body trickling in). Node then
 * has no request or reply object, only the socket; this writes the service's own answer on it,
 * in the medium of the area the request was for (the API's JSON error with a `code`, or a page
 * for the website), with the site's security headers, and closes the connection.
 */

/** Why the request was refused, as the error's `code`. */
export type ClientErrorCode = 'request_timeout' | 'headers_too_large' | 'bad_request'

type Refusal = { status: number; code: ClientErrorCode; message: string }

/** A page for a person, already rendered in the company's frame, with its policy. */
export type RenderedPage = { document: string; policy: string }

export type ClientErrorOptions = {
  /** Every answer's security headers (the API's Content-Security-Policy among them). */
  securityHeaders: readonly HeaderLine[]
  /** Whether a path belongs to the website (a page) rather than the API or documents. */
  isPagePath: (path: string) => boolean
  /** The page a person sees for a refusal. */
  page: (refusal: { status: number; title: string; message: string }) => RenderedPage
  /** How long a request may take to arrive, in ms: said in the timeout's message. */
  requestTimeoutMs: number
}

/** The path of the request each socket is receiving, for answers that name no request. */
const pathOnSocket = new WeakMap<Socket, string>()

/**
 * Remembers which path a request with a body is for, so that a timeout while its body trickles in
 * is answered in its area's medium. A listener of the server's own `request` event: no hook per
 * request in Fastify, and only requests that can have a body are remembered.
 */
export function rememberBodyPaths(server: Server): void {
  server.on('request', (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      pathOnSocket.set(request.socket, request.url ?? '/')
    }
  })
}

/** Fastify's `clientErrorHandler`: answers and closes the connection. */
export function clientErrorHandler(options: ClientErrorOptions) {
  const apiHeaders = options.securityHeaders
  // A page replaces the API's policy with the site's own.
  const pageHeaders = options.securityHeaders.filter(([name]) => name !== 'content-security-policy')
  return (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void => {
    // A connection reset or already closed: there is no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    const refusal = refusalFor(error, options.requestTimeoutMs)
    if (socket.writable) {
      const path = pathOnSocket.get(socket) ?? requestLinePath(error.rawPacket)
      const answer =
        path !== undefined && options.isPagePath(path)
          ? pageAnswer(refusal, options.page, pageHeaders)
          : jsonAnswer(refusal, apiHeaders)
      socket.end(answer)
    }
    socket.destroySoon()
  }
}

function refusalFor(error: { code?: string }, requestTimeoutMs: number): Refusal {
  const seconds = Math.round(requestTimeoutMs / 1000)
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        code: 'request_timeout',
        message: `The request did not arrive within ${seconds} seconds; send it again, whole`,
      }
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        code: 'headers_too_large',
        message: 'The request headers are too large; send fewer or shorter headers and cookies',
      }
    default:
      return {
        status: 400,
        code: 'bad_request',
        message: 'The request is not valid HTTP/1.1; check its request line and headers',
      }
  }
}

/** The path in the request line the parser had read, when it had read one. */
function requestLinePath(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined
  const line = rawPacket.subarray(0, 2048).toString('latin1').split('\r\n', 1)[0] ?? ''
  const target = line.split(' ')[1]
  return target?.startsWith('/') ? target : undefined
}

function jsonAnswer(refusal: Refusal, headers: readonly HeaderLine[]): string {
  const body = JSON.stringify({ error: refusal.message, code: refusal.code })
  return response(refusal.status, 'application/json; charset=utf-8', body, headers)
}

function pageAnswer(
  refusal: Refusal,
  page: ClientErrorOptions['page'],
  headers: readonly HeaderLine[],
): string {
  const rendered = page({
    status: refusal.status,
    title:
      refusal.status === 408 ? 'The form took too long to arrive' : 'This request cannot be read',
    message:
      refusal.status === 408
        ? 'Nothing was booked or changed. Go back and send the form again: what you typed is still there.'
        : 'Nothing was booked or changed. Use the forms on this site to search and book.',
  })
  return response(refusal.status, 'text/html; charset=utf-8', rendered.document, [
    ...headers,
    ['content-security-policy', rendered.policy],
  ])
}

function response(
  status: number,
  contentType: string,
  body: string,
  headers: readonly HeaderLine[],
): string {
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    `content-type: ${contentType}`,
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'connection: close',
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ]
  return `${lines.join('\r\n')}\r\n\r\n${body}`
}
