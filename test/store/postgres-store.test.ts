import assert from 'node:assert/strict'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { Client } from 'pg'
import type { CalendarDate } from '../../src/domain/calendar-date.ts'
import { StoreUnavailableError } from '../../src/domain/errors.ts'
import type { LoadedFleet } from '../../src/fleet/read-fleet-file.ts'
import { MIGRATIONS } from '../../src/store/postgres/migrations.ts'
import {
  PostgresStore,
  type PostgresStoreOptions,
} from '../../src/store/postgres/postgres-store.ts'
import { saveQuotesStatements } from '../../src/store/postgres/save-quotes.ts'
import { loadRulesFleet } from '../helpers/domain-fixtures.ts'
import { describeOperatorStoreContract } from './operator-store-contract.ts'
import {
  ADMIN_URL,
  displayUrl,
  MUST_NOT_SKIP,
  queryOnce,
  TestDatabases,
  unreachableReason,
} from './postgres-test-databases.ts'
import { bookOnce, describeStoreContract, sampleQuote, websiteBooking } from './store-contract.ts'
import { TcpProxy } from './tcp-proxy.ts'

const day = (text: string) => text as CalendarDate
/** What a caller may wait while the database is down or stuck. */
const UNAVAILABLE_WITHIN_MS = 2000

const unreachable = await unreachableReason(ADMIN_URL)
const whySkipped =
  unreachable === undefined
    ? undefined
    : `PostgreSQL not reachable at ${displayUrl(ADMIN_URL)}: ${unreachable} (set TEST_POSTGRES_URL to point the tests at one; with CI=true this fails instead)`

describe('PostgreSQL store', () => {
  if (whySkipped) {
    // One test stands for every suite below, so that the runner's closing lines count the skip
    // ("skipped 1") and show why; under CI=true it fails with the same reason instead.
    test(
      'contract, several instances, database down',
      { skip: MUST_NOT_SKIP ? false : whySkipped },
      () => assert.fail(whySkipped),
    )
    return
  }
  const databases = new TestDatabases(ADMIN_URL)
  const stores: PostgresStore[] = []
  /** A store on a fresh database (or on `url`), closed after the file's tests. */
  const openStore = async (url?: string, options: PostgresStoreOptions = {}) => {
    const store = await PostgresStore.open(url ?? (await databases.create()), {
      maxConnections: 4,
      ...options,
    })
    stores.push(store)
    return store
  }
  after(async () => {
    for (const store of stores) await store.close()
    await databases.dropAll()
  })

  describeStoreContract('PostgreSQL', () => openStore())
  describeOperatorStoreContract('PostgreSQL', () => openStore())
  // The service's store answers booked units from its copy in memory: the same contract holds.
  describeStoreContract('PostgreSQL with booked days in memory', () =>
    openStore(undefined, { bookedDaysInMemory: true }),
  )
  describeOperatorStoreContract('PostgreSQL with booked days in memory', () =>
    openStore(undefined, { bookedDaysInMemory: true }),
  )

  describe('several instances sharing one database', () => {
    let fleet: LoadedFleet
    before(() => {
      fleet = loadRulesFleet()
    })

    test('instances starting together on an empty database migrate and load the fleet once', async () => {
      const url = await databases.create()
      let reads = 0
      const started = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const store = await openStore(url, { maxConnections: 2 })
          return store.loadFleetOnce(async () => {
            reads++
            // A slow read keeps the lock held while the other instances arrive and queue.
            await delay(50)
            return fleet
          })
        }),
      )
      assert.equal(started.filter(Boolean).length, 1)
      assert.equal(reads, 1)
      const [counts] = await queryOnce(
        url,
        `SELECT (SELECT count(*) FROM depots)::integer AS depots,
                (SELECT count(*) FROM bookings)::integer AS bookings,
                (SELECT count(*) FROM schema_migrations)::integer AS migrations`,
      )
      assert.deepEqual(counts, {
        depots: fleet.catalogue.depots.length,
        bookings: fleet.bookings.length,
        migrations: MIGRATIONS.length,
      })
    })

    test('a race for the last units from two instances books exactly as many as are stocked', async () => {
      const url = await databases.create()
      const first = await openStore(url)
      const second = await openStore(url)
      await first.replaceFleet(fleet.catalogue, fleet.bookings)
      // The car (1) has 2 units at depot 1; the caller even claims 9, and still gets 2.
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          bookOnce(
            i % 2 === 0 ? first : second,
            websiteBooking(`LAST-${i}`, 1, '2027-03-10', '2027-03-12'),
            9,
          ),
        ),
      )
      assert.equal(results.filter(Boolean).length, 2)
      const [row] = await queryOnce(
        url,
        "SELECT count(*)::integer AS n FROM bookings WHERE reference LIKE 'LAST-%'",
      )
      assert.equal(row?.n, 2)
      const seen = await second.bookedUnits({
        depotId: 1,
        vehicleIds: [1],
        from: day('2027-03-10'),
        to: day('2027-03-12'),
      })
      assert.equal(seen.get(1), 2)
    })

    test('overlapping rentals booked at once from two instances never exceed the stock on any day', async () => {
      const url = await databases.create()
      const first = await openStore(url)
      const second = await openStore(url)
      await first.replaceFleet(fleet.catalogue, fleet.bookings)
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => {
          const start = 1 + (i % 7)
          const end = start + (i % 4)
          const date = (d: number) => `2027-05-${String(d).padStart(2, '0')}`
          return bookOnce(
            i % 2 === 0 ? first : second,
            websiteBooking(`OVERLAP-${i}`, 1, date(start), date(end)),
            2,
          )
        }),
      )
      assert.ok(results.filter(Boolean).length >= 2)
      // Recount from the bookings themselves, not from the counters the store keeps.
      const days = await queryOnce(
        url,
        `SELECT d.day::date::text AS day, count(*)::integer AS booked
         FROM bookings b
         CROSS JOIN LATERAL generate_series(b.pick_up_date, b.drop_off_date, interval '1 day') AS d (day)
         WHERE b.reference LIKE 'OVERLAP-%'
         GROUP BY d.day ORDER BY d.day`,
      )
      assert.ok(days.length > 0)
      for (const { day, booked } of days) assert.ok((booked as number) <= 2, `${day}: ${booked}`)
    })

    test('a booking made on one instance is seen at once by the other', async () => {
      const url = await databases.create()
      const first = await openStore(url)
      const second = await openStore(url)
      await first.loadFleetOnce(async () => fleet)
      assert.equal(await second.loadFleetOnce(async () => fleet), false)
      const range = { depotId: 1, vehicleIds: [1], from: day('2027-06-01'), to: day('2027-06-01') }
      assert.equal((await second.bookedUnits(range)).has(1), false)
      assert.ok(await bookOnce(first, websiteBooking('SEEN', 1, '2027-06-01', '2027-06-02'), 2))
      assert.equal((await second.bookedUnits(range)).get(1), 1)
    })
  })

  describe('quotes commit asynchronously, and only quotes', () => {
    for (const agentRef of [null, 'planner']) {
      test(`the save statement turns synchronous commit off for its own transaction, never the next (agent_ref ${agentRef})`, async () => {
        const url = await databases.create()
        await openStore(url)
        const save = (id: string) => {
          const [statement] = saveQuotesStatements([sampleQuote(id, { agentRef })])
          assert.ok(statement)
          return statement
        }
        const client = new Client({ connectionString: url })
        await client.connect()
        const setting = async () =>
          (await client.query('SHOW synchronous_commit')).rows[0].synchronous_commit
        try {
          const before = await setting()
          // Inside the statement's transaction, and after it.
          await client.query('BEGIN')
          const first = save('q-1')
          await client.query(first.text, first.values)
          assert.equal(await setting(), 'off')
          await client.query('COMMIT')
          assert.equal(await setting(), before)
          const second = save('q-2')
          await client.query(second.text, second.values)
          const afterSave = await setting()
          assert.equal(afterSave, before)
          assert.notEqual(afterSave, 'off')
        } finally {
          await client.end()
        }
        const stored = await queryOnce(url, 'SELECT id FROM quotes ORDER BY id')
        assert.deepEqual(
          stored.map((row) => row.id),
          ['q-1', 'q-2'],
        )
      })
    }

    test('quotes stored as jsonb by an earlier version are still found, whole, after the upgrade', async () => {
      const url = await databases.create()
      const quote = sampleQuote('q_EARLIER', { agentRef: 'planner' })
      const client = new Client({ connectionString: url })
      await client.connect()
      try {
        // The schema as the version before quotes were kept as text left it, with one saved.
        const before = MIGRATIONS.findIndex((migration) =>
          migration.includes('ALTER COLUMN quote TYPE text'),
        )
        assert.ok(before > 0, 'the migration that keeps quotes as text')
        await client.query(
          'CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
        )
        for (const [version, migration] of MIGRATIONS.slice(0, before).entries()) {
          await client.query(migration)
          await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version + 1])
        }
        const [column] = (
          await client.query(
            "SELECT data_type FROM information_schema.columns WHERE table_name = 'quotes' AND column_name = 'quote'",
          )
        ).rows
        assert.equal(column?.data_type, 'jsonb')
        await client.query('INSERT INTO quotes VALUES ($1, $2, $3, $4::jsonb)', [
          quote.id,
          quote.createdAt,
          quote.expiresAt,
          JSON.stringify(quote),
        ])
      } finally {
        await client.end()
      }
      const store = await openStore(url)
      assert.deepEqual(await store.findQuote(quote.id), quote)
    })

    test('a stored quote too long to keep whole in its row is compressed with lz4 where the server has it (pglz cost a third of a save)', async () => {
      const url = await databases.create()
      await openStore(url)
      const [server] = await queryOnce(
        url,
        `SELECT 'lz4' = ANY (enumvals) AS has_lz4 FROM pg_settings WHERE name = 'default_toast_compression'`,
      )
      const [column] = await queryOnce(
        url,
        `SELECT attcompression AS method FROM pg_attribute
         WHERE attrelid = 'quotes'::regclass AND attname = 'quote'`,
      )
      // 'l' is lz4; '' the server's default, pglz on one built without lz4.
      assert.equal(column?.method, server?.has_lz4 ? 'l' : '')
    })
  })

  describe('when the database is down', () => {
    const proxies: TcpProxy[] = []
    const target = new URL(ADMIN_URL)
    /** A store that reaches a fresh database through a proxy the test can stop and freeze. */
    const openBehindProxy = async (onIdleError?: (error: Error) => void) => {
      const proxy = await TcpProxy.start(target.hostname, Number(target.port || 5432))
      proxies.push(proxy)
      const url = new URL(await databases.create())
      url.hostname = '127.0.0.1'
      url.port = String(proxy.port)
      const store = await openStore(url.toString(), { onIdleError })
      await store.replaceFleet(loadRulesFleet().catalogue, [])
      return { proxy, store }
    }
    after(async () => {
      for (const proxy of proxies) await proxy.close()
    })

    /** Asserts that `call` fails with a StoreUnavailableError soon enough. */
    const failsFast = async (call: () => Promise<unknown>) => {
      const started = performance.now()
      await assert.rejects(call(), StoreUnavailableError)
      const waited = performance.now() - started
      assert.ok(waited < UNAVAILABLE_WITHIN_MS, `waited ${Math.round(waited)} ms`)
    }

    test('no database at the address: StoreUnavailableError within 2 s, never driver text', async () => {
      const closed = createServer()
      closed.listen(0, '127.0.0.1')
      await once(closed, 'listening')
      const { port } = closed.address() as { port: number }
      closed.close()
      await once(closed, 'close')
      await failsFast(() => PostgresStore.open(`postgres://postgres@127.0.0.1:${port}/none`))
    })

    test('a database that stops, then starts again: fast failures, then service without a restart', async () => {
      const idleErrors: Error[] = []
      const { proxy, store } = await openBehindProxy((error) => idleErrors.push(error))
      assert.equal(await store.hasFleet(), true)
      proxy.set('down')
      // Long enough for the idle pooled connection to hear that it was cut.
      await delay(100)
      await failsFast(() => store.hasFleet())
      await failsFast(() =>
        bookOnce(store, websiteBooking('DOWN-1', 1, '2027-07-01', '2027-07-02'), 2),
      )
      // The pool heard its idle connection's error, and the process lives on.
      assert.ok(idleErrors.length > 0)
      proxy.set('up')
      assert.equal(await store.hasFleet(), true)
      assert.ok(await bookOnce(store, websiteBooking('UP-1', 1, '2027-07-01', '2027-07-02'), 2))
    })

    test('a database that hangs: every call gives up within 2 s, and all is well once it answers', async () => {
      const { proxy, store } = await openBehindProxy()
      const range = { depotId: 1, vehicleIds: [1], from: day('2027-08-01'), to: day('2027-08-02') }
      await store.bookedUnits(range)
      proxy.set('frozen')
      await Promise.all([
        failsFast(async () => store.bookedUnits(range)),
        failsFast(() =>
          bookOnce(store, websiteBooking('HUNG-1', 1, '2027-08-01', '2027-08-02'), 2),
        ),
        failsFast(() => store.loadCatalogue()),
        // A quote saved while another's statement hangs does not wait for that one's timeout too.
        failsFast(() => store.saveQuote(sampleQuote('q_HUNG_1'))),
        delay(300).then(() => failsFast(() => store.saveQuote(sampleQuote('q_HUNG_2')))),
      ])
      proxy.set('up')
      assert.ok(await bookOnce(store, websiteBooking('AFTER-1', 1, '2027-08-01', '2027-08-02'), 2))
      assert.equal((await store.bookedUnits(range)).get(1), 1)
    })

    test('connections ended by the server (pg_terminate_backend) are replaced by the next call', async () => {
      const url = await databases.create()
      const idleErrors: Error[] = []
      const store = await openStore(url, { onIdleError: (error: Error) => idleErrors.push(error) })
      await store.loadFleetOnce(async () => loadRulesFleet())
      const name = new URL(url).pathname.slice(1)
      const ended = await databases.admin(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`,
      )
      assert.ok(ended.length > 0)
      // The server ends its backends after answering; wait until they are gone, as after a restart.
      for (let tries = 0; tries < 50; tries++) {
        const [row] = await databases.admin(
          `SELECT count(*)::integer AS n FROM pg_stat_activity WHERE datname = '${name}'`,
        )
        if (row?.n === 0) break
        await delay(20)
      }
      await delay(50)
      assert.ok(idleErrors.length > 0)
      assert.equal(await store.hasFleet(), true)
      assert.ok(await bookOnce(store, websiteBooking('TERM-1', 1, '2027-09-01', '2027-09-02'), 2))
    })
  })
})
