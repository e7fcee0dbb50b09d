import assert from 'node:assert/strict'
import { Agent, request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { bookUrl } from '../../helpers/booking-pages.ts'
import { Instances, type ServiceInstance } from '../../instances/service-instances.ts'
import { readLedger } from './booking-ledger.ts'
import { confirm, openCheckout, personFor, referenceOf, spreadRentals } from './website-bookings.ts'

/*
 * The service process itself failing: killed with SIGKILL right after it confirmed bookings (no
 * chance to close anything), and stopped with SIGTERM while clients keep it busy.
 */

export type CrashFigures = {
  bookingsSent: number
  confirmedBeforeKill: number
  inFlightAtKill: number
  /** Bookings in flight at the kill that were found committed after the restart. */
  inFlightCommitted: number
  confirmedFoundAfterRestart: number
  bookingsLost: number
  partialBookings: number
}

/**
 * Sends `count` confirmations at once and kills the process (SIGKILL) the moment half of them
 * have answered 201; restarts it on the same DATA_DIR and looks for every confirmed booking.
 */
export async function crashAfterConfirmations(count = 16): Promise<CrashFigures> {
  const instances = new Instances()
  try {
    const options = {
      name: 'sqlite killed',
      dataDir: join(instances.folder, 'crash'),
      env: { BOOKING_RATE_LIMIT_MAX: '1000' },
    }
    const instance = await instances.start(options)
    const rentals = spreadRentals(count)
    const checkouts = []
    for (const rental of rentals) checkouts.push(await openCheckout(instance, rental))

    const confirmed = new Map<string, string>()
    let killed = false
    const killAt = Math.ceil(count / 2)
    await Promise.all(
      checkouts.map(async (checkout, n) => {
        const person = personFor(n)
        try {
          const answer = await confirm(instance, checkout, person, 30_000)
          if (answer.status !== 201) return
          confirmed.set(person.email as string, referenceOf(answer))
          if (!killed && confirmed.size >= killAt) {
            killed = true
            instance.child.kill('SIGKILL')
          }
        } catch {
          // In flight when the process died: no answer, as expected.
        }
      }),
    )
    // Not reached when fewer than half were confirmed; killed all the same, and the check fails.
    if (!killed) instance.child.kill('SIGKILL')
    const exit = await instance.exited
    assert.equal(exit.signal, 'SIGKILL', 'the process was killed')
    assert.ok(
      killed,
      `only ${confirmed.size} of ${count} bookings were confirmed\n${instance.log()}`,
    )
    const confirmedBeforeKill = confirmed.size

    const restarted = await instances.start({ ...options, name: 'sqlite restarted' })
    const availability = await restarted.request(
      bookUrl(rentals[0]?.search ?? {}, '/api/agent/vehicles/availability'),
    )
    assert.equal(availability.status, 200, 'the restarted service answers')
    const ledger = readLedger(join(options.dataDir, 'rental.db'))
    const references = new Set(ledger.bookings.keys())
    const found = [...confirmed.values()].filter((reference) => references.has(reference))
    const committedUnanswered = [...ledger.bookings.values()].filter(
      (email) => email.startsWith('attempt-') && !confirmed.has(email),
    )
    return {
      bookingsSent: count,
      confirmedBeforeKill,
      inFlightAtKill: count - confirmedBeforeKill,
      inFlightCommitted: committedUnanswered.length,
      confirmedFoundAfterRestart: found.length,
      bookingsLost: confirmedBeforeKill - found.length,
      partialBookings: ledger.mismatches.length,
    }
  } finally {
    await instances.stopAll()
  }
}

export type ShutdownFigures = {
  clients: number
  requestsSent: number
  statuses: Record<number, number>
  /** Refused at connect once the listener had closed: never reached the service. */
  refusedAtConnect: number
  /**
   * Closed by the service before it read them: on a keep-alive connection, a request that left
   * the client as the service closed the idle connection (HTTP lets a client retry a GET then);
   * on a new connection, one the listener had queued but not accepted when it closed.
   */
  closedUnread: { keepAlive: number; newConnection: number }
  receivedByService: number
  completedByService: number
  /** Received by the service but never answered, or answered in part. */
  dropped: number
  exitCode: number | null
  exitedAfterMs: number
}

/**
 * `clients` clients send quotes and availability searches without pause (half on keep-alive
 * connections, half on a connection per request) for `loadMs`; then SIGTERM, and they go on
 * until the service refuses connections. The service logs each request it receives and
 * completes; every one received must be completed, and every answer must arrive whole.
 */
export async function sigtermUnderLoad(clients = 16, loadMs = 1500): Promise<ShutdownFigures> {
  const instances = new Instances()
  try {
    const instance = await instances.start({
      name: 'sqlite under load',
      dataDir: join(instances.folder, 'load'),
      env: { LOG_LEVEL: 'info', RATE_LIMIT_MAX: '1000000' },
    })
    const received = new Set<string>()
    const completed = new Set<string>()
    let pending = ''
    instance.child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        const reqId = /"reqId":"([^"]+)"/.exec(line)?.[1]
        if (!reqId) continue
        if (line.includes('"msg":"incoming request"')) received.add(reqId)
        if (line.includes('"msg":"request completed"')) completed.add(reqId)
      }
    })

    const rentals = spreadRentals(4)
    const paths = rentals.flatMap((rental) => [
      bookUrl(rental.search, '/api/agent/vehicles/availability'),
      bookUrl({ ...rental.search, vehicle_id: String(rental.vehicleId) }, '/api/agent/quotes'),
    ])
    const figures = {
      sent: 0,
      statuses: {} as Record<number, number>,
      refused: 0,
      closedUnread: { keepAlive: 0, newConnection: 0 },
      partial: 0,
    }
    let signalled = false
    const loops = Array.from({ length: clients }, async (_, client) => {
      const agent = client % 2 === 0 ? new Agent({ keepAlive: true, maxSockets: 1 }) : undefined
      for (let n = 0; ; n++) {
        figures.sent++
        const outcome = await send(instance, paths[(client + n) % paths.length] as string, agent)
        if (outcome.kind === 'answered') {
          figures.statuses[outcome.status] = (figures.statuses[outcome.status] ?? 0) + 1
        } else if (outcome.kind === 'partial') figures.partial++
        else if (outcome.kind === 'refused') {
          figures.refused++
          break
        } else {
          if (agent) figures.closedUnread.keepAlive++
          else figures.closedUnread.newConnection++
          if (signalled && !instance.running) break
        }
      }
      agent?.destroy()
    })
    await sleep(loadMs)
    signalled = true
    const signalledAt = performance.now()
    instance.child.kill('SIGTERM')
    const exit = await instance.exited
    const exitedAfterMs = performance.now() - signalledAt
    await Promise.all(loops)
    await sleep(50)
    const unanswered = [...received].filter((reqId) => !completed.has(reqId)).length
    return {
      clients,
      requestsSent: figures.sent,
      statuses: figures.statuses,
      refusedAtConnect: figures.refused,
      closedUnread: figures.closedUnread,
      receivedByService: received.size,
      completedByService: completed.size,
      dropped: unanswered + figures.partial,
      exitCode: exit.code,
      exitedAfterMs: Math.round(exitedAfterMs),
    }
  } finally {
    await instances.stopAll()
  }
}

type Outcome =
  | { kind: 'answered'; status: number }
  | { kind: 'partial' }
  | { kind: 'refused' }
  | { kind: 'closed-unread' }

/** One GET, told apart by how it ended: answered whole, cut off, refused, or closed unread. */
function send(instance: ServiceInstance, path: string, agent: Agent | undefined): Promise<Outcome> {
  return new Promise((resolve) => {
    let responded = false
    const request = httpRequest(
      `${instance.url}${path}`,
      agent ? { agent } : { agent: false, headers: { connection: 'close' } },
      (response) => {
        responded = true
        response.on('data', () => {})
        response.on('end', () => resolve({ kind: 'answered', status: response.statusCode ?? 0 }))
        response.on('aborted', () => resolve({ kind: 'partial' }))
        response.on('error', () => resolve({ kind: 'partial' }))
      },
    )
    request.setTimeout(15_000, () => request.destroy(new Error('timeout')))
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (responded) resolve({ kind: 'partial' })
      else resolve(error.code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'closed-unread' })
    })
    request.end()
  })
}
