import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { parse } from 'yaml'
import { DEMO_FLEET_FILE, loadConfig } from '../../src/config.ts'
import { addDays, type CalendarDate, todayIn } from '../../src/domain/calendar-date.ts'
import { openService } from '../../src/service.ts'
import { RULES_FLEET_FILE, SITE_URL } from '../helpers/test-app.ts'
import { okBody, startApi, type TestApi } from '../http/api-client.ts'
import { resolveResponse } from '../http/openapi-contract.ts'

/*
 * The OpenAPI document's examples are dates relative to the day it is built, never fixed dates
 * that pass and become examples the API refuses; and the rate-limit headers every response carries
 * are defined once, in components.headers, and referenced.
 */

type Json = Record<string, unknown>

const TIME_ZONE = 'Pacific/Auckland'
const RATE_LIMIT_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
]

/** Every example of a `format: date` schema or parameter, with where it is. */
function dateExamples(document: unknown): { where: string; value: unknown }[] {
  const found: { where: string; value: unknown }[] = []
  const visit = (node: unknown, where: string) => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        visit(item, `${where}/${index}`)
      })
      return
    }
    if (node === null || typeof node !== 'object') return
    const object = node as Json
    const schema = object.schema as Json | undefined
    if (object.format === 'date' || (object.in !== undefined && schema?.format === 'date')) {
      if (object.example !== undefined) found.push({ where, value: object.example })
      for (const value of (object.examples as unknown[] | undefined) ?? []) {
        found.push({ where, value })
      }
    }
    for (const [key, value] of Object.entries(object)) visit(value, `${where}/${key}`)
  }
  visit(document, '#')
  return found
}

/** The pick-up and drop-off examples of the operation's parameters. */
function parameterDates(document: Json, path: string): [unknown, unknown] {
  const paths = document.paths as Record<string, { get: { parameters: Json[] } }>
  const parameters = paths[path]?.get.parameters ?? []
  const example = (name: string) => parameters.find((p) => p.name === name)?.example
  return [example('pick_up_date'), example('drop_off_date')]
}

describe('the OpenAPI document on the real clock', () => {
  let api: TestApi
  let document: Json
  let jsonText: string
  let yamlText: string
  let today: CalendarDate
  before(async () => {
    api = await startApi({ fleetFile: DEMO_FLEET_FILE, now: 'real' })
    const json = await api.request('/openapi.json')
    jsonText = json.body
    document = json.json<Json>()
    yamlText = (await api.request('/openapi.yaml')).body
    today = todayIn(TIME_ZONE, new Date())
  })
  after(async () => {
    await api.close()
  })

  test('every example of a format: date schema or parameter is today or later, within the booking horizon', () => {
    const examples = dateExamples(document)
    // The date parameters of availability, the two option listings and quotes, and the quote's dates.
    assert.ok(examples.length >= 10, `only ${examples.length} date examples`)
    for (const { where, value } of examples) {
      assert.match(String(value), /^\d{4}-\d{2}-\d{2}$/, where)
      assert.ok(String(value) >= today, `${where}: ${String(value)} is before today, ${today}`)
      assert.ok(String(value) <= addDays(today, 548 + 90), `${where}: ${String(value)}`)
    }
  })

  test('a search example is a rental the rules accept: pick-up in the horizon, drop-off after it', () => {
    for (const path of ['/vehicles/availability', '/quotes']) {
      const [pickUp, dropOff] = parameterDates(document, path).map(String)
      assert.ok(pickUp && pickUp > today && pickUp <= addDays(today, 548), `${path}: ${pickUp}`)
      assert.ok(dropOff && dropOff > pickUp && dropOff <= addDays(pickUp as CalendarDate, 90))
    }
  })

  test('no date anywhere in the document is in the past: error, reset and 429 examples included', () => {
    const dates = jsonText.match(/\b\d{4}-\d{2}-\d{2}\b/g) ?? []
    assert.ok(dates.length > 10)
    for (const date of dates) assert.ok(date >= today, `${date} is before today, ${today}`)
    const reset = ((document.components as Json).headers as Record<string, Json>)[
      'X-RateLimit-Reset'
    ]?.schema as Json
    assert.ok(Date.parse(String(reset.example)) > Date.now(), String(reset.example))
  })

  test('the example dates in the document are accepted by the rules today: a search answers 200', async () => {
    const [pickUp, dropOff] = parameterDates(document, '/vehicles/availability').map(String)
    okBody<unknown[]>(
      await api.get('/vehicles/availability', {
        pick_up_depot_id: '1',
        drop_off_depot_id: '1',
        pick_up_date: pickUp,
        drop_off_date: dropOff,
      }),
    )
  })

  test('no stand-in is left in any published document', async () => {
    for (const path of ['/openapi.json', '/openapi.yaml', '/llms.txt', '/docs', '/docs/api/json']) {
      const response = await api.app.inject(path)
      assert.equal(response.statusCode, 200, path)
      assert.doesNotMatch(
        response.body,
        /example (pick-up|drop-off) date|example reset instant/,
        path,
      )
    }
  })

  test('the rate-limit headers are defined once in components.headers and referenced from every response', () => {
    const defined = (document.components as Json).headers as Record<string, Json>
    assert.deepEqual(Object.keys(defined).sort(), [...RATE_LIMIT_HEADERS, 'Retry-After'].sort())
    const paths = document.paths as Record<string, Record<string, { responses: Json }>>
    let references = 0
    const seen = new Set<string>()
    for (const [path, item] of Object.entries(paths)) {
      for (const [status, referenced] of Object.entries(item.get?.responses ?? {})) {
        // A response defined once in components.responses is looked at once.
        const { response, at } = resolveResponse(document, referenced as Json, [path, status])
        if (seen.has(at.join('/'))) continue
        seen.add(at.join('/'))
        const headers = (response as Json).headers as Record<string, Json>
        for (const name of RATE_LIMIT_HEADERS) {
          assert.deepEqual(
            headers[name],
            { $ref: `#/components/headers/${name}` },
            `${path} ${status} ${name}`,
          )
          references++
        }
        if (status === '429' || status === '503') {
          assert.deepEqual(headers['Retry-After'], { $ref: '#/components/headers/Retry-After' })
        }
      }
    }
    assert.ok(references > 20)
    for (const description of [
      'Requests allowed per client in the window',
      'When the window resets: a UTC ISO 8601 instant',
      'Seconds to wait before retrying',
    ]) {
      assert.equal(jsonText.split(description).length - 1, 1, `JSON: ${description}`)
      assert.equal(yamlText.split(description).length - 1, 1, `YAML: ${description}`)
    }
    assert.deepEqual(parse(yamlText), document)
  })
})

describe('the OpenAPI document as the days pass', () => {
  let clock = new Date('2027-01-10T00:00:00Z')
  let service: Awaited<ReturnType<typeof openService>>
  before(async () => {
    const config = loadConfig({
      PUBLIC_URL: SITE_URL,
      FLEET_FILE: RULES_FLEET_FILE,
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    })
    service = await openService(config, { now: () => clock, databaseFile: ':memory:' })
  })
  after(async () => {
    await service.app.close()
  })

  const document = async () => (await service.app.inject('/openapi.json')).json<Json>()

  test('gives a Monday-to-Monday week four weeks after the day it is built, and moves with the days', async () => {
    // 2027-01-10 is a Sunday: four weeks on is Sunday 7 February, and the next Monday the 8th.
    assert.deepEqual(parameterDates(await document(), '/quotes'), ['2027-02-08', '2027-02-15'])
    const etag = (await service.app.inject('/openapi.json')).headers.etag
    // Tuesday 1 June: four weeks on is Tuesday 29 June, and the next Monday 5 July.
    clock = new Date('2027-05-31T20:00:00Z')
    const later = await document()
    assert.deepEqual(parameterDates(later, '/quotes'), ['2027-07-05', '2027-07-12'])
    for (const { where, value } of dateExamples(later)) {
      assert.ok(String(value) >= '2027-07-05', `${where}: ${String(value)}`)
    }
    assert.notEqual((await service.app.inject('/openapi.json')).headers.etag, etag)
    const llms = (await service.app.inject('/llms.txt')).body
    assert.match(
      llms,
      /`pick_up_date` \(query, string \(date\), required\): .*; example `2027-07-05`/,
    )
  })
})

describe("the cancellation sentence's example is the company's own", () => {
  let api: TestApi
  before(async () => {
    api = await startApi({
      fleetFile: new URL('../fixtures/terms-fleet.yaml', import.meta.url).pathname,
      env: { TIME_ZONE: 'Europe/London' },
    })
  })
  after(() => api.close())

  test("a London company with 24 hours of free cancellation: its zone and its hours, never the demo's", async () => {
    const text = (await api.app.inject({ method: 'GET', url: '/openapi.json' })).body
    assert.doesNotMatch(text, /NZDT|NZST|48 hours before pick-up/)
    assert.match(
      text,
      /"Free cancellation until Sat, 13 Mar 2027, 10:00\sam GMT, 24 hours before pick-up; after that, only the depot can cancel\."/,
    )
  })
})
