import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import {
  assertPage,
  bookUrl,
  PERSON,
  SEARCH,
  startBookingSite,
  textOf,
} from '../../helpers/booking-pages.ts'
import { Instances } from '../../instances/service-instances.ts'
import { readLedger } from './booking-ledger.ts'
import { SmallDisk } from './small-disk.ts'
import {
  assertTryAgainPage,
  confirm,
  openCheckout,
  personFor,
  spreadRentals,
} from './website-bookings.ts'

/*
 * The embedded database failing under a booking: its disk full (a real tmpfs filled to the last
 * byte, the service in its own process) and the database read-only (SQLite's own query_only
 * switch on the service's connection: the kernel refuses to remount a filesystem read-only while
 * the database file is open for writing, so that cannot be done to a running service). Either
 * way: a 503 page that keeps what was typed, no booking or part of one written, reads still
 * answered, and bookings again once the fault is gone.
 */

export type FaultFigures = {
  bookingsTried: number
  statuses: Record<number, number>
  readsTried: number
  readStatuses: Record<number, number>
  /** Bookings confirmed (201) but not in the database, or refused but there all the same. */
  bookingsLost: number
  partialBookings: number
  recovered: boolean
  note: string
}

/** The driver's messages the service logged with "store unavailable" (never sent to clients). */
function storeErrorsIn(log: string): string[] {
  const messages = new Set<string>()
  for (const line of log.split('\n')) {
    if (!line.includes('store unavailable')) continue
    const message = /"message":"([^"]+)"/.exec(line)?.[1]
    if (message) messages.add(message)
  }
  return [...messages]
}

function count(statuses: Record<number, number>, status: number): void {
  statuses[status] = (statuses[status] ?? 0) + 1
}

/**
 * Books `attempts` rentals on a service whose DATA_DIR is a 16 MB tmpfs filled to the last byte.
 *
 * SQLite reuses its write-ahead log's space once a checkpoint has copied it into the database, so
 * a commit can succeed on a full disk when the log already holds room for it; that booking is
 * real, not a fault. So that every booking here needs new space, the checkouts are opened (each
 * stores a quote) on a first run of the service, which checkpoints and removes its log when it
 * stops; the second run starts with an empty log and the disk is filled before it writes.
 */
export async function diskFullDuringBooking(attempts = 4): Promise<FaultFigures> {
  const disk = SmallDisk.mount(16)
  const instances = new Instances()
  try {
    const env = { BOOKING_RATE_LIMIT_MAX: '1000' }
    const rentals = spreadRentals(attempts + 1)
    const first = await instances.start({ name: 'sqlite on a small disk', dataDir: disk.dir, env })
    const checkouts = []
    for (const rental of rentals.slice(0, attempts))
      checkouts.push(await openCheckout(first, rental))
    assert.deepEqual(await first.stop(), { code: 0, signal: null }, first.log())

    const instance = await instances.start({
      name: 'sqlite on a full disk',
      dataDir: disk.dir,
      env,
    })
    const log = join(disk.dir, 'rental.db-wal')
    const logBytes = existsSync(log) ? statSync(log).size : 0
    assert.equal(logBytes, 0, 'the service wrote to its database while starting')
    disk.fill()
    const statuses: Record<number, number> = {}
    const confirmed = new Set<string>()
    const refused = new Set<string>()
    for (const [n, checkout] of checkouts.entries()) {
      const person = personFor(n)
      const answer = await confirm(instance, checkout, person)
      count(statuses, answer.status)
      if (answer.status === 201) confirmed.add(person.email as string)
      else {
        assertTryAgainPage(answer, person)
        refused.add(person.email as string)
      }
    }
    assert.ok(refused.size > 0, `no booking failed on the full disk: ${JSON.stringify(statuses)}`)

    // Reads while the disk is full: the API's lists and availability, the website's search.
    const search = rentals[0]?.search ?? {}
    const reads = [
      '/health',
      '/api/agent/depots',
      bookUrl(search, '/api/agent/vehicles/availability'),
      '/api/agent/vehicles/1/accessories',
      bookUrl(search),
    ]
    const readStatuses: Record<number, number> = {}
    for (const path of reads) {
      const answer = await instance.request(path)
      count(readStatuses, answer.status)
      assert.equal(
        answer.status,
        200,
        `${path} on a full disk: ${answer.status} ${answer.body.slice(0, 200)}`,
      )
    }

    // The disk freed: a new checkout books at once.
    disk.free()
    const person = personFor(attempts)
    const again = await confirm(
      instance,
      await openCheckout(instance, rentals[attempts] as never),
      person,
    )
    count(statuses, again.status)
    assert.equal(again.status, 201, textOf(again.body).slice(0, 300))
    confirmed.add(person.email as string)
    const causes = storeErrorsIn(instance.log())
    assert.deepEqual(await instance.stop(), { code: 0, signal: null }, instance.log())

    const ledger = readLedger(join(disk.dir, 'rental.db'))
    const emails = new Set(ledger.bookings.values())
    const lost =
      [...confirmed].filter((email) => !emails.has(email)).length +
      [...refused].filter((email) => emails.has(email)).length
    return {
      bookingsTried: attempts + 1,
      statuses,
      readsTried: reads.length,
      readStatuses,
      bookingsLost: lost,
      partialBookings: ledger.mismatches.length,
      recovered: true,
      note: `a 16 MB tmpfs filled to the last byte; the service logged: ${causes.join('; ') || 'nothing'}`,
    }
  } finally {
    await instances.stopAll()
    disk.unmount()
  }
}

/**
 * A booking while the service's database connection is read-only (`PRAGMA query_only`: SQLite
 * refuses every write with SQLITE_READONLY), in-process on a database file.
 */
export async function readOnlyDuringBooking(): Promise<FaultFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'rental-read-only-'))
  const file = join(dir, 'rental.db')
  const site = await startBookingSite({ databaseFile: file })
  try {
    // The store's own connection; reached into here, as a failing disk would reach it.
    const db = (site.store as unknown as { db: DatabaseSync }).db
    const VAN = { ...SEARCH, vehicle_id: '2' }
    const checkout = await site.openCheckout(VAN)
    db.exec('PRAGMA query_only = 1')
    const statuses: Record<number, number> = {}
    const typed = { ...PERSON, email: 'read-only@example.com' }
    const refused = await site.post({ ...checkout.fields, ...typed }, checkout.cookie)
    count(statuses, refused.statusCode)
    const page = assertPage(refused, 503)
    assert.match(textOf(page), /We could not reach our booking system Nothing was booked\./)
    assert.ok(page.includes('value="read-only@example.com"'), 'the email typed is not kept')

    const readStatuses: Record<number, number> = {}
    const reads = [
      '/api/agent/depots',
      `/api/agent/vehicles/availability?${new URLSearchParams(SEARCH)}`,
      '/api/agent/vehicles/2/insurance-types',
      bookUrl(SEARCH),
    ]
    for (const url of reads) {
      const answer = await site.get(url)
      count(readStatuses, answer.statusCode)
      assert.equal(answer.statusCode, 200, `${url} while read-only: ${answer.body.slice(0, 200)}`)
    }
    // A quote is a write (it is stored so that checkout honours it): 503 JSON, not a 500.
    const quote = await site.get(`/api/agent/quotes?${new URLSearchParams(VAN)}`)
    count(readStatuses, quote.statusCode)
    assert.equal(quote.statusCode, 503)
    assert.equal(quote.json().code, 'service_unavailable')

    db.exec('PRAGMA query_only = 0')
    const booked = await site.post({ ...checkout.fields, ...PERSON }, checkout.cookie)
    count(statuses, booked.statusCode)
    // The token was not spent by the refused attempt, so the same form books now.
    assertPage(booked, 201)

    const ledger = readLedger(file)
    const emails = [...ledger.bookings.values()]
    const lost =
      (emails.includes('read-only@example.com') ? 1 : 0) + (emails.includes(PERSON.email) ? 0 : 1)
    return {
      bookingsTried: 2,
      statuses,
      readsTried: reads.length + 1,
      readStatuses,
      bookingsLost: lost,
      partialBookings: ledger.mismatches.length,
      recovered: true,
      note: 'PRAGMA query_only on the service’s connection (SQLITE_READONLY); a quote, being stored, is a 503 meanwhile',
    }
  } finally {
    await site.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
