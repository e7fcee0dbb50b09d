import net, { isIP } from 'node:net'

/*
 * Loaded into the conformance suite's process (`node --import`): any connection to an address other
 * than this machine's fails, so a run that passes shows the suite downloaded nothing (no schema,
 * no fixture) and spoke only to the server under test.
 */

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1'])

function target(args: unknown[]): string | undefined {
  const [first] = args
  if (Array.isArray(first)) return target(first)
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; path?: string }
    if (options.path !== undefined) return undefined
    return options.host ?? 'localhost'
  }
  if (typeof first === 'string' && isIP(first) === 0 && !/^\d+$/.test(first)) return undefined
  return typeof args[1] === 'string' ? args[1] : 'localhost'
}

const connect = net.Socket.prototype.connect
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const host = target(args)
  if (host !== undefined && !LOOPBACK.has(host) && !host.startsWith('127.')) {
    throw new Error(`the conformance run tried to reach ${host}, which is not this machine`)
  }
  return (connect as (...rest: unknown[]) => net.Socket).apply(this, args)
} as typeof net.Socket.prototype.connect
