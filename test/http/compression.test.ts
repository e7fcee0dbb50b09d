import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { REFERENCE_ASSETS_VERSION } from '../../src/docs/reference-assets.ts'
import { addDays, type CalendarDate } from '../../src/domain/calendar-date.ts'
import { fleetFileFromCatalogue } from '../../src/fleet/fleet-file-from-catalogue.ts'
import { readFleetFile } from '../../src/fleet/read-fleet-file.ts'
import { COMPRESSION_THRESHOLD_BYTES } from '../../src/http/compression.ts'
import { buildTestApp, DEMO_FLEET_FILE, FIXED_NOW } from '../helpers/test-app.ts'

type TestApp = Awaited<ReturnType<typeof buildTestApp>>
type Injected = Awaited<ReturnType<TestApp['app']['inject']>>

/** The body as the client reads it once it has undone the Content-Encoding. */
function decoded(answer: Injected): Buffer {
  const raw = answer.rawPayload
  switch (answer.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw)
    case 'gzip':
      return gunzipSync(raw)
    case undefined:
      return raw
    default:
      throw new Error(`unexpected encoding ${answer.headers['content-encoding']}`)
  }
}

const FIXED_DAY = '2027-01-10' as CalendarDate
const SEARCH = `pick_up_depot_id=1&drop_off_depot_id=1&pick_up_date=${addDays(FIXED_DAY, 30)}&drop_off_date=${addDays(FIXED_DAY, 37)}`

describe('compression, as the client accepts it and where it pays', () => {
  let testApp: TestApp
  const dir = mkdtempSync(join(tmpdir(), 'rental-compression-'))
  before(async () => {
    // The demo company with twenty times its vehicles: an availability answer of 180 vehicles.
    const { catalogue } = await readFleetFile(DEMO_FLEET_FILE, FIXED_DAY)
    const many = {
      ...catalogue,
      vehicles: Array.from({ length: 20 }, (_, copy) =>
        catalogue.vehicles.map((vehicle) => ({ ...vehicle, id: copy * 100 + vehicle.id })),
      ).flat(),
    }
    const file = join(dir, 'many-vehicles.json')
    writeFileSync(file, JSON.stringify(fleetFileFromCatalogue(many, [])))
    testApp = await buildTestApp({ fleetFile: file, now: FIXED_NOW })
  })
  after(async () => {
    await testApp.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const get = (url: string, acceptEncoding?: string) =>
    testApp.app.inject({
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    })

  const rows: [accepts: string | undefined, encoding: string | undefined][] = [
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip', 'gzip'],
    ['deflate', undefined],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    [undefined, undefined],
  ]
  for (const path of [`/api/agent/vehicles/availability?${SEARCH}`, '/openapi.json', '/book']) {
    for (const [accepts, encoding] of rows) {
      test(`${path.split('?')[0]} to Accept-Encoding ${accepts ?? '(none)'}: ${encoding ?? 'as it is'}`, async () => {
        const plain = await get(path)
        assert.equal(plain.statusCode, 200, plain.body.slice(0, 200))
        assert.ok(plain.rawPayload.length > COMPRESSION_THRESHOLD_BYTES, 'a large answer')
        const answer = await get(path, accepts)
        assert.equal(answer.statusCode, 200)
        assert.equal(answer.headers['content-encoding'], encoding)
        assert.deepEqual(decoded(answer), plain.rawPayload)
        if (encoding) {
          assert.ok(answer.rawPayload.length < plain.rawPayload.length / 2, 'less than half')
          assert.match(String(answer.headers.vary), /accept-encoding/i)
        }
      })
    }
  }

  test('small API answers go as they are, whatever the client accepts', async () => {
    for (const path of [
      '/api/agent/routes',
      '/api/agent/vehicles/1/insurance-types',
      `/api/agent/vehicles/availability?${SEARCH.replace('pick_up_depot_id=1', 'pick_up_depot_id=6')}`,
    ]) {
      const answer = await get(path, 'gzip, deflate, br')
      assert.ok(answer.rawPayload.length < COMPRESSION_THRESHOLD_BYTES, `${path} is small`)
      assert.equal(answer.headers['content-encoding'], undefined, path)
      assert.doesNotMatch(String(answer.headers.vary), /accept-encoding/i, path)
    }
  })
})

describe("Swagger UI's files: compressed once, kept long under their version", () => {
  let testApp: TestApp
  before(async () => {
    testApp = await buildTestApp()
  })
  after(async () => {
    await testApp.close()
  })

  test('the reference page asks for its files by version', async () => {
    const page = await testApp.app.inject('/docs/api/')
    assert.equal(page.statusCode, 200)
    for (const file of [
      'swagger-ui-bundle.js',
      'swagger-ui-standalone-preset.js',
      'swagger-ui.css',
    ]) {
      assert.ok(page.body.includes(`static/${file}?v=${REFERENCE_ASSETS_VERSION}"`), file)
    }
  })

  test('a versioned file is kept a year; the same file without the version, five minutes', async () => {
    const path = '/docs/api/static/swagger-ui-bundle.js'
    const versioned = await testApp.app.inject(`${path}?v=${REFERENCE_ASSETS_VERSION}`)
    assert.equal(versioned.statusCode, 200)
    assert.equal(versioned.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.match(String(versioned.headers['content-type']), /^application\/javascript/)
    const bare = await testApp.app.inject(path)
    assert.equal(bare.headers['cache-control'], 'public, max-age=300')
    const older = await testApp.app.inject(`${path}?v=0.0.1`)
    assert.equal(older.headers['cache-control'], 'public, max-age=300')
  })

  test('each text file in Brotli, gzip or as it is, the same bytes once decoded; a 304 to its ETag', async () => {
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'index.css']) {
      const url = `/docs/api/static/${file}?v=${REFERENCE_ASSETS_VERSION}`
      const plain = await testApp.app.inject(url)
      assert.equal(plain.headers['content-encoding'], undefined)
      for (const [accepts, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const answer = await testApp.app.inject({ url, headers: { 'accept-encoding': accepts } })
        assert.equal(answer.headers['content-encoding'], encoding, `${file} ${accepts}`)
        assert.deepEqual(decoded(answer), plain.rawPayload, `${file} ${accepts}`)
        assert.match(String(answer.headers.vary), /Accept-Encoding/)
        const again = await testApp.app.inject({
          url,
          headers: { 'accept-encoding': accepts, 'if-none-match': String(answer.headers.etag) },
        })
        assert.equal(again.statusCode, 304, `${file} ${accepts} revalidated`)
      }
    }
    const bundle = await testApp.app.inject({
      url: '/docs/api/static/swagger-ui-bundle.js',
      headers: { 'accept-encoding': 'br' },
    })
    assert.ok(bundle.rawPayload.length < 500_000, `bundle sent in ${bundle.rawPayload.length} B`)
  })

  test('an image of the reference goes as it is, versioned too', async () => {
    const icon = await testApp.app.inject({
      url: `/docs/api/static/favicon-32x32.png?v=${REFERENCE_ASSETS_VERSION}`,
      headers: { 'accept-encoding': 'br' },
    })
    assert.equal(icon.statusCode, 200)
    assert.equal(icon.headers['content-type'], 'image/png')
    assert.equal(icon.headers['content-encoding'], undefined)
    assert.equal(icon.headers['cache-control'], 'public, max-age=31536000, immutable')
  })
})
