import { once } from 'node:events'
import { connect, createServer, type Server, type Socket } from 'node:net'

/**
 * How the proxy treats traffic: `up` forwards it; `down` cuts every connection and refuses new
 * ones at once, as a stopped server does; `frozen` holds everything without a word, as a server
 * that hangs (or a network that drops packets) does, and delivers it all when back `up`.
 */
export type ProxyState = 'up' | 'down' | 'frozen'

type Pair = { client: Socket; upstream: Socket | undefined; held: [toUpstream: boolean, Buffer][] }

/**
 * A TCP forwarder in front of the test PostgreSQL, so that a test can stop or freeze "the
 * database" one store sees without touching the machine's server, which others share.
 */
export class TcpProxy {
  readonly port: number
  private readonly server: Server
  private readonly upstreamHost: string
  private readonly upstreamPort: number
  private readonly pairs = new Set<Pair>()
  private state: ProxyState = 'up'

  private constructor(server: Server, port: number, upstreamHost: string, upstreamPort: number) {
    this.server = server
    this.port = port
    this.upstreamHost = upstreamHost
    this.upstreamPort = upstreamPort
  }

  static async start(upstreamHost: string, upstreamPort: number): Promise<TcpProxy> {
    let proxy: TcpProxy | undefined
    const server = createServer((client) => proxy?.accept(client))
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const address = server.address()
    if (address === null || typeof address === 'string') throw new Error('proxy has no port')
    proxy = new TcpProxy(server, address.port, upstreamHost, upstreamPort)
    return proxy
  }

  set(state: ProxyState): void {
    this.state = state
    for (const pair of this.pairs) {
      if (state === 'down') {
        pair.client.destroy()
        pair.upstream?.destroy()
      } else if (state === 'up') {
        if (!pair.upstream) this.link(pair)
        for (const [toUpstream, chunk] of pair.held.splice(0)) this.write(pair, toUpstream, chunk)
      }
    }
  }

  async close(): Promise<void> {
    this.set('down')
    this.server.close()
    await once(this.server, 'close')
  }

  private accept(client: Socket): void {
    client.on('error', () => {})
    if (this.state === 'down') {
      client.destroy()
      return
    }
    const pair: Pair = { client, upstream: undefined, held: [] }
    this.pairs.add(pair)
    client.on('data', (chunk) => this.relay(pair, true, chunk))
    client.on('close', () => {
      pair.upstream?.destroy()
      this.pairs.delete(pair)
    })
    if (this.state === 'up') this.link(pair)
  }

  private link(pair: Pair): void {
    const upstream = connect(this.upstreamPort, this.upstreamHost)
    upstream.on('error', () => {})
    upstream.on('data', (chunk) => this.relay(pair, false, chunk))
    upstream.on('close', () => pair.client.destroy())
    pair.upstream = upstream
  }

  private relay(pair: Pair, toUpstream: boolean, chunk: Buffer): void {
    if (this.state === 'frozen' || !pair.upstream) pair.held.push([toUpstream, chunk])
    else this.write(pair, toUpstream, chunk)
  }

  private write(pair: Pair, toUpstream: boolean, chunk: Buffer): void {
    const to = toUpstream ? pair.upstream : pair.client
    if (to && !to.destroyed) to.write(chunk)
  }
}
