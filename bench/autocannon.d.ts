// The part of autocannon's API the bench uses; the package ships no types.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  type Options = {
    url: string
    connections: number
    duration: number
    timeout?: number
    headers?: Record<string, string>
    /** Each connection sends these in turn, over and over. */
    requests?: { method?: string; path: string; headers?: Record<string, string> }[]
  }
  type Result = {
    requests: { total: number }
    duration: number
    errors: number
    timeouts: number
    non2xx: number
  }
  type Instance = EventEmitter & { stop(): void }

  function autocannon(
    options: Options,
    done: (error: Error | null, result: Result) => void,
  ): Instance
  export default autocannon
}
