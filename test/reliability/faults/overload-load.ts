import { Agent, request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { DEFAULT_OVERLOAD_MAX_EVENT_LOOP_DELAY_MS } from '../../../src/config.ts'
import { OVERLOAD_WARM_UP_MS } from '../../../src/http/overload.ts'
import { bookUrl } from '../../helpers/booking-pages.ts'
import { Instances, type ServiceInstance } from '../../instances/service-instances.ts'
import { spreadRentals } from './website-bookings.ts'

const LOOP_HOG = join(import.meta.dirname, 'loop-hog.ts')

/*
 * A real overload: a service process with the overload check at its default, flooded by many
 * connections asking for the most expensive valid search (every vehicle of a depot over the
 * longest rental), each answer made costlier by CPU work injected into the process (loop-hog.ts,
 * preloaded and started with SIGUSR2 as the flood starts, for as long as the flood): by the flood
 * alone a fast service answers in time, and is not overloaded. Then both stop. Measured: when the
 * first 503 came, how long 503s took to answer, whether /health kept answering, and how soon a
 * request was served again after the flood.
 */

export type OverloadFigures = {
  connections: number
  loadMs: number
  requests: number
  statuses: Record<number, number>
  /** From the start of the flood to the first 503. */
  firstRefusalAfterMs: number | undefined
  /** The slowest 503: how long a refused client waited. */
  slowestRefusalMs: number | undefined
  /** The slowest answer of all, served or refused: no request may wait unboundedly. */
  slowestAnswerMs: number | undefined
  refusalsWithRetryAfter: number
  healthChecks: number
  healthStatuses: Record<number, number>
  /** From the end of the flood to the first 200 of a new request. */
  recoveredAfterMs: number | undefined
}

export async function floodUntilOverloaded(
  connections = 200,
  loadMs = 4000,
): Promise<OverloadFigures> {
  const instances = new Instances()
  try {
    const instance = await instances.start({
      name: 'sqlite flooded',
      dataDir: join(instances.folder, 'flood'),
      // The default threshold, as `npm start` runs (the instances of the other tests turn it off).
      env: {
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: String(DEFAULT_OVERLOAD_MAX_EVENT_LOOP_DELAY_MS),
        RATE_LIMIT_MAX: '1000000000',
        NODE_OPTIONS: `--import=${LOOP_HOG}`,
        LOOP_HOG_MS: String(loadMs),
      },
    })
    const [rental] = spreadRentals(1)
    const longest = {
      ...(rental?.search ?? {}),
      drop_off_date: addDaysText(rental?.search.pick_up_date ?? '', 90),
    }
    const path = bookUrl(longest, '/api/agent/vehicles/availability')
    const warm = await instance.request(path)
    if (warm.status !== 200) throw new Error(`the search answers ${warm.status}: ${warm.body}`)
    // The check believes the loop's delay only once start-up is behind it (OVERLOAD_WARM_UP_MS).
    await sleep(OVERLOAD_WARM_UP_MS)

    const figures: OverloadFigures = {
      connections,
      loadMs,
      requests: 0,
      statuses: {},
      firstRefusalAfterMs: undefined,
      slowestRefusalMs: undefined,
      slowestAnswerMs: undefined,
      refusalsWithRetryAfter: 0,
      healthChecks: 0,
      healthStatuses: {},
      recoveredAfterMs: undefined,
    }
    // The flood's connections are open before it starts, as a proxy's or a client's pool keeps
    // them: a flood is of requests. Node (libuv) accepts one new connection per turn of the event
    // loop, so connections opened during the flood would each wait a turn of overloaded work
    // before their first request is even read, which is the accept queue's wait, not the guard's.
    const agents = Array.from(
      { length: connections },
      () => new Agent({ keepAlive: true, maxSockets: 1 }),
    )
    const healthAgent = new Agent({ keepAlive: true, maxSockets: 1 })
    await Promise.all([...agents, healthAgent].map((agent) => get(instance, '/health', agent)))
    const started = performance.now()
    const until = started + loadMs
    instance.child.kill('SIGUSR2')
    const flood = agents.map(async (agent) => {
      while (performance.now() < until) {
        const sent = performance.now()
        const answer = await get(instance, path, agent).catch(() => undefined)
        if (!answer) continue
        figures.requests++
        figures.statuses[answer.status] = (figures.statuses[answer.status] ?? 0) + 1
        figures.slowestAnswerMs = Math.max(figures.slowestAnswerMs ?? 0, performance.now() - sent)
        if (answer.status === 503) {
          const took = performance.now() - sent
          figures.slowestRefusalMs = Math.max(figures.slowestRefusalMs ?? 0, took)
          figures.firstRefusalAfterMs ??= performance.now() - started
          if (/^\d+$/.test(answer.retryAfter ?? '')) figures.refusalsWithRetryAfter++
        }
      }
      agent.destroy()
    })
    const health = (async () => {
      while (performance.now() < until) {
        const answer = await get(instance, '/health', healthAgent).catch(() => undefined)
        figures.healthChecks++
        const status = answer?.status ?? 0
        figures.healthStatuses[status] = (figures.healthStatuses[status] ?? 0) + 1
        await sleep(100)
      }
      healthAgent.destroy()
    })()
    await Promise.all([...flood, health])
    const ended = performance.now()
    for (let attempt = 0; attempt < 200; attempt++) {
      const answer = await get(instance, '/api/agent/depots', undefined).catch(() => undefined)
      if (answer?.status === 200) {
        figures.recoveredAfterMs = performance.now() - ended
        break
      }
      await sleep(25)
    }
    return figures
  } finally {
    await instances.stopAll()
  }
}

function addDaysText(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + days)
  return next.toISOString().slice(0, 10)
}

function get(
  instance: ServiceInstance,
  path: string,
  agent: Agent | undefined,
): Promise<{ status: number; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${instance.url}${path}`,
      agent ? { agent } : { agent: false },
      (response) => {
        response.on('data', () => {})
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'] as string | undefined,
          }),
        )
        response.on('error', reject)
      },
    )
    request.setTimeout(30_000, () => request.destroy(new Error('timeout')))
    request.on('error', reject)
    request.end()
  })
}
