import { connect } from 'node:net'

/*
 * HTTP/1.1 at the level of the bytes, for what fetch cannot send: a request line that is not
 * HTTP, oversized headers, a body or headers that trickle in a byte at a time.
 */

/** What came back on the connection, and when the server closed it. */
export type RawAnswer = {
  status: number
  headers: Record<string, string>
  body: string
  /** From the first byte sent to the server's closing of the connection. */
  closedAfterMs: number
}

export type RawRequest = {
  /** Sent at once. */
  head: string
  /** Then sent a byte every `trickleMs`, until the server closes the connection. */
  trickle?: string
  trickleMs?: number
}

/** Sends the request and waits for the server to close the connection (or fails after 30 s). */
export function rawExchange(port: number, request: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    let timer: NodeJS.Timeout | undefined
    const giveUp = setTimeout(() => {
      socket.destroy()
      reject(new Error('the server kept the connection open for 30 s'))
    }, 30_000)
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', () => {
      // A reset after the answer counts as the close; the answer is what is checked.
    })
    socket.on('close', () => {
      clearInterval(timer)
      clearTimeout(giveUp)
      resolve(parse(Buffer.concat(chunks).toString('utf8'), performance.now() - started))
    })
    socket.on('connect', () => {
      socket.write(request.head)
      const trickle = request.trickle ?? ''
      let next = 0
      if (trickle.length > 0) {
        timer = setInterval(() => {
          if (socket.destroyed || socket.writableEnded) return
          socket.write(trickle[next % trickle.length] ?? 'a')
          next += 1
        }, request.trickleMs ?? 100)
      }
    })
  })
}

function parse(text: string, closedAfterMs: number): RawAnswer {
  const split = text.indexOf('\r\n\r\n')
  const head = split === -1 ? text : text.slice(0, split)
  const body = split === -1 ? '' : text.slice(split + 4)
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body, closedAfterMs }
}
