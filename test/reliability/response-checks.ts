import type { LightMyRequestResponse } from 'fastify'
import { INVALID_REQUEST_CODES, UNAVAILABLE_CODES } from '../../src/domain/errors.ts'
import type { ResponseContract } from '../http/openapi-contract.ts'
import type { HostileRequest } from './hostile-requests.ts'

/*
 * What no answer to any request may do, whatever was sent: be a 5xx, show a stack trace, SQL or
 * the database driver's text; and per area, what an answer must be: the API's 4xx are JSON
 * errors (a 400 names the parameter at fault) matching the published document; the website's are
 * pages under its policy. Each check returns the problems it found, so that a property test can
 * fail on the first and the reliability run can count them.
 */

type Response = LightMyRequestResponse

/** Text the service itself must never show. SQL keywords are matched in capitals, as SQL is written. */
const LEAKS: [RegExp, string][] = [
  [/sqlite/i, 'the database name'],
  [/DatabaseSync|StatementSync|node:sqlite/, 'the driver'],
  [/\bSELECT\b[^"]{0,200}\bFROM\b/, 'SQL'],
  [/\bINSERT INTO\b|\bDELETE FROM\b|\bUPDATE \w+ SET\b|\bBEGIN IMMEDIATE\b/, 'SQL'],
  [/\bat (?:async )?\S+ \(\S+:\d+:\d+\)/, 'a stack frame'],
  [/\bat (?:file:\/\/)?\/\S+:\d+:\d+/, 'a stack frame'],
  [/node:internal|\.ts:\d+:\d+/, 'a source location'],
  [/\b(?:TypeError|RangeError|ReferenceError|SyntaxError)\b/, 'a JavaScript error'],
  [/\bFST_[A-Z_]+|\bERR_[A-Z_]{4,}/, 'a framework error code'],
]

const NOT_FOUND_CODES: readonly string[] = ['not_found', ...UNAVAILABLE_CODES]
const BAD_REQUEST_CODES: readonly string[] = INVALID_REQUEST_CODES

/** The request's own texts in every form the answer may quote them: as sent, cut, escaped. */
function echoesOf(request: HostileRequest): string[] {
  const echoes = new Set<string>()
  for (const input of request.inputs) {
    for (const text of [input, ...input.split(',')]) {
      if (text.length < 3) continue
      for (const part of [text, text.slice(0, 40)]) {
        echoes.add(part)
        echoes.add(JSON.stringify(part).slice(1, -1))
        echoes.add(escapeHtml(part))
      }
    }
  }
  // Longest first, so that a long quote is removed whole before a part of it could be.
  return [...echoes].sort((a, b) => b.length - a.length)
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** Leaks in the body once every quote of the request itself is taken out. */
export function leaksIn(body: string, request: HostileRequest): string[] {
  let own = body
  for (const echo of echoesOf(request)) own = own.replaceAll(echo, ' ')
  return LEAKS.filter(([pattern]) => pattern.test(own)).map(
    ([pattern, what]) => `the body shows ${what} (${pattern})`,
  )
}

/** Problems with an answer of the agent API. */
export function apiProblems(
  request: HostileRequest,
  response: Response,
  contract: ResponseContract,
): string[] {
  const problems = leaksIn(response.body, request)
  const status = response.statusCode
  if (status >= 500) problems.push(`status ${status}`)
  try {
    // As an HTTP client sends it: dot segments resolved (`/vehicles/../quotes` is `/quotes`).
    const sent = new URL(request.url, 'http://agent.test')
    contract.check({ method: 'GET', url: `${sent.pathname}${sent.search}` }, response)
  } catch (error) {
    problems.push(`off the published document: ${(error as Error).message.split('\n')[0]}`)
  }
  if (status < 400 || status >= 500) return problems
  if (!String(response.headers['content-type']).startsWith('application/json')) {
    problems.push(`a ${status} that is not JSON`)
    return problems
  }
  let body: { error?: unknown; code?: unknown; parameter?: unknown }
  try {
    body = JSON.parse(response.body)
  } catch {
    problems.push(`a ${status} whose body does not parse`)
    return problems
  }
  if (typeof body.error !== 'string' || body.error === '') problems.push('no error message')
  if (status === 400) {
    if (!BAD_REQUEST_CODES.includes(String(body.code))) problems.push(`400 code ${body.code}`)
    if (typeof body.parameter !== 'string' || body.parameter === '') {
      problems.push('a 400 that names no parameter')
    } else if (!String(body.error).includes(body.parameter)) {
      problems.push(`the message does not name ${body.parameter}`)
    }
  } else if (status === 404) {
    if (!NOT_FOUND_CODES.includes(String(body.code))) problems.push(`404 code ${body.code}`)
  } else {
    problems.push(`status ${status}`)
  }
  return problems
}

/** Problems with an answer of the website: always a page under the site's policy. */
export function pageProblems(request: HostileRequest, response: Response): string[] {
  const problems = leaksIn(response.body, request)
  const status = response.statusCode
  if (status >= 500) problems.push(`status ${status}`)
  if (status === 303) return problems
  if (!String(response.headers['content-type']).startsWith('text/html')) {
    problems.push(`a ${status} that is not a page`)
  }
  const policy = String(response.headers['content-security-policy'] ?? '')
  if (!policy.includes("default-src 'none'") || policy.includes('script-src')) {
    problems.push(`a page without the site's policy: ${policy}`)
  }
  if (/<script/i.test(response.body)) problems.push('a page with a script')
  return problems
}
