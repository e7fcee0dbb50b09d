import { Transform, type TransformCallback } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import {
  dropNullArguments,
  MAX_JSON_DEPTH,
  nestedDeeperThan,
  paramsRefusal,
  rpcError,
  TOO_DEEP_MESSAGE,
} from './message-check.ts'

/**
 * The longest line read, as over HTTP (its 64 KB body limit, in characters): a longer one is
 * answered -32600 and dropped as it comes, rather than gathered (64 MB took half a minute and
 * 900 MB of memory).
 */
const MAX_LINE_CHARACTERS = 64 * 1024

const TOO_LONG_MESSAGE = `Invalid Request: the line is longer than ${MAX_LINE_CHARACTERS / 1024} K characters; an MCP message needs far less`

/** The Accept a 2025 HTTP client sends, under which paramsRefusal checks a message. */
const AS_HTTP = 'application/json, text/event-stream'

/**
 * Standard input as the SDK's stdio transport reads it, one JSON-RPC message a line, with what
 * the HTTP door answers itself answered here too: a line that is not JSON is -32700 (the SDK
 * skips it without a word, so a client waits for an answer that never comes), one nested too
 * deep -32600, and malformed 2025 params -32602 in a sentence (the SDK's raw issue list, or for
 * `initialize` without params an internal error). Answers are written to `answer`, a line each;
 * every other line goes on to the SDK as it came.
 */
export class StdioLineCheck extends Transform {
  private readonly answer: (line: string) => void
  /** Decodes across chunks: a character whose bytes two reads split is not broken in two. */
  private readonly decoder = new StringDecoder('utf8')
  /** The line read so far, in pieces: joined once it ends, not re-split on every chunk. */
  private pending: string[] = []
  private pendingLength = 0
  /** A line over the limit: the rest of it, up to its end, is dropped. */
  private skipping = false

  constructor(answer: (line: string) => void) {
    super()
    this.answer = answer
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let text = this.decoder.write(chunk)
    let end = text.indexOf('\n')
    while (end !== -1) {
      this.add(text.slice(0, end))
      this.endLine()
      text = text.slice(end + 1)
      end = text.indexOf('\n')
    }
    this.add(text)
    done()
  }

  override _flush(done: TransformCallback): void {
    this.add(this.decoder.end())
    this.endLine()
    done()
  }

  /** Keeps a piece of the line under way, unless the line is over the limit. */
  private add(piece: string): void {
    if (this.skipping || piece === '') return
    this.pendingLength += piece.length
    if (this.pendingLength > MAX_LINE_CHARACTERS) {
      this.pending = []
      this.skipping = true
      return
    }
    this.pending.push(piece)
  }

  private endLine(): void {
    if (this.skipping) {
      this.refuse(-32600, TOO_LONG_MESSAGE)
    } else {
      const line = this.pending.join('')
      if (line.trim() !== '') this.check(line)
    }
    this.pending = []
    this.pendingLength = 0
    this.skipping = false
  }

  private check(line: string): void {
    let message: unknown
    try {
      message = JSON.parse(line)
    } catch {
      this.refuse(-32700, 'Parse error: the line is not JSON; send one JSON-RPC message a line')
      return
    }
    if (nestedDeeperThan(message, MAX_JSON_DEPTH)) {
      this.refuse(-32600, TOO_DEEP_MESSAGE)
      return
    }
    // The SDK's stdio transport drops what is not one well-formed JSON-RPC message with a line on
    // stderr, and the client waits for an answer that never comes; answered here as -32600.
    if (Array.isArray(message)) {
      this.refuse(
        -32600,
        'Invalid Request: over stdio each JSON-RPC message goes on a line of its own, not in a batch (an array); send each of its messages on its own line',
      )
      return
    }
    const malformed = malformedMessage(message)
    if (malformed) {
      this.answer(
        JSON.stringify(
          rpcError(-32600, `Invalid Request: ${malformed}`, { id: readableId(message) }),
        ),
      )
      return
    }
    const changed = dropNullArguments(message)
    const refusal = paramsRefusal(message, { accept: AS_HTTP })
    if (refusal) {
      this.answer(JSON.stringify(refusal))
      return
    }
    this.push(changed ? `${JSON.stringify(message)}\n` : `${line}\n`)
  }

  private refuse(code: number, message: string): void {
    this.answer(JSON.stringify(rpcError(code, message)))
  }
}

/** What keeps a parsed line from being a JSON-RPC 2.0 request, notification or response. */
function malformedMessage(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null) return 'a JSON-RPC message is a JSON object'
  const { jsonrpc, method, id, params } = message as Record<string, unknown>
  if (jsonrpc !== '2.0') return 'send "jsonrpc": "2.0"'
  const hasId = id !== undefined
  if (hasId && typeof id !== 'string' && typeof id !== 'number') {
    return 'an id is a string or a number'
  }
  if (method === undefined) {
    // A response to a request of the server's own.
    const answers = 'result' in message || 'error' in message
    return hasId && answers
      ? undefined
      : 'send a method (a request or a notification), or an id with a result or an error (a response)'
  }
  if (typeof method !== 'string') return 'the method is a string, such as "tools/list"'
  if (params !== undefined && (typeof params !== 'object' || params === null)) {
    return 'params is a JSON object'
  }
  return undefined
}

/** The message's id when it has one an answer can carry; null otherwise, as JSON-RPC says. */
function readableId(message: unknown): string | number | null {
  const id = (message as { id?: unknown } | null)?.id
  return typeof id === 'string' || typeof id === 'number' ? id : null
}
