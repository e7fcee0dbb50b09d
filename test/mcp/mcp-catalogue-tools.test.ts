import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { CallToolResult, Tool } from '@modelcontextprotocol/client'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import { okBody, type Params } from '../http/api-client.ts'
import { asToolArguments, errorText, startMcpOverHttp, structured } from './mcp-sessions.ts'

/*
 * list_routes and list_vehicles answer as GET /routes and GET /vehicles do, and every tool's result
 * carries its structured content three ways alike: as structured content matching the tool's
 * output schema, as a short text, and as the same JSON in a second text block.
 */

type Route = { pickUpDepotId: number; dropOffDepotId: number; routeFee: number }
type CatalogueVehicle = {
  vehicleId: number
  name: string
  vehicleClass: string
  fuel?: string
  depotIds: number[]
}

/** Auckland Airport, return, a week in March 2027 (the clock is 2027-01-10). */
const WEEK = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-03-01',
  drop_off_date: '2027-03-08',
}

/** Every tool with arguments it answers for on the demo fleet. */
const CALLS: [string, Record<string, string>][] = [
  ['list_depots', {}],
  ['list_routes', { pick_up_depot_id: '1' }],
  ['list_vehicles', { min_seats: '4' }],
  ['find_available_vehicles', WEEK],
  ['explain_unavailable', { ...WEEK, drop_off_date: '2027-03-03' }],
  [
    'find_flexible_dates',
    {
      pick_up_depot_id: '1',
      drop_off_depot_id: '1',
      earliest_pick_up_date: '2027-03-01',
      latest_pick_up_date: '2027-03-14',
      rental_days: '5',
      limit: '5',
    },
  ],
  ['list_accessories', { vehicle_id: '7' }],
  ['list_insurance_plans', { vehicle_id: '7' }],
  ['get_quote', { ...WEEK, vehicle_id: '7' }],
]

describe('MCP: list_routes and list_vehicles, and the JSON text of every result', () => {
  let session: Awaited<ReturnType<typeof startMcpOverHttp>>
  let tools: Tool[]
  before(async () => {
    session = await startMcpOverHttp({ fleetFile: DEMO_FLEET_FILE })
    tools = (await session.client.listTools()).tools
  })
  after(() => session.close())

  const rest = async <T>(path: string, params?: Params) =>
    okBody<T>(await session.api.get(path, params))
  const call = async (name: string, params: Record<string, string> = {}) =>
    (await session.client.callTool({
      name,
      arguments: asToolArguments(params),
    })) as CallToolResult
  const tool = (name: string) => {
    const found = tools.find((candidate) => candidate.name === name)
    assert.ok(found, `no tool ${name}`)
    return found
  }
  const textOf = (result: CallToolResult, index = 0) => {
    const block = result.content[index]
    assert.ok(block?.type === 'text', `block ${index} is not text`)
    return block.text
  }

  test('lists list_routes and list_vehicles after list_depots, read-only, with a title and an output schema', () => {
    assert.deepEqual(
      tools.map((candidate) => candidate.name),
      [
        'list_depots',
        'list_routes',
        'list_vehicles',
        'find_available_vehicles',
        'explain_unavailable',
        'find_flexible_dates',
        'list_accessories',
        'list_insurance_plans',
        'get_quote',
      ],
    )
    for (const [name, key] of [
      ['list_routes', 'routes'],
      ['list_vehicles', 'vehicles'],
    ] as const) {
      const listed = tool(name)
      assert.ok(listed.title, `${name} has a title`)
      assert.equal(listed.annotations?.title, listed.title)
      assert.equal(listed.annotations?.readOnlyHint, true)
      assert.equal(listed.annotations?.idempotentHint, true)
      assert.equal(listed.annotations?.destructiveHint, false)
      assert.equal(listed.outputSchema?.type, 'object')
      assert.deepEqual(Object.keys(listed.outputSchema?.properties ?? {}), [key])
      assert.deepEqual(listed.inputSchema.required, [])
      assert.doesNotMatch(listed.description ?? '', /GET \//)
    }
  })

  test('their input schemas use the API parameter names, typed as the OpenAPI document types them', () => {
    const routes = tool('list_routes').inputSchema.properties as Record<string, { type: string }>
    assert.deepEqual(Object.keys(routes), ['pick_up_depot_id'])
    assert.equal(routes.pick_up_depot_id?.type, 'integer')
    const vehicles = tool('list_vehicles').inputSchema.properties as Record<
      string,
      { type: string }
    >
    assert.deepEqual(Object.keys(vehicles).sort(), ['depot_id', 'min_seats', 'vehicle_class'])
    assert.equal(vehicles.depot_id?.type, 'integer')
    assert.equal(vehicles.min_seats?.type, 'integer')
    assert.equal(vehicles.vehicle_class?.type, 'string')
    // The length the server allows, for a client that checks arguments before sending them.
    assert.equal((vehicles.vehicle_class as { maxLength?: number }).maxLength, 40)
  })

  test("text arguments carry the API's pattern, and every example is of its argument's type", () => {
    const quote = tool('get_quote').inputSchema.properties as Record<
      string,
      { type?: string; pattern?: string; examples?: unknown[] }
    >
    assert.deepEqual(
      { ...quote.driver_age, description: undefined },
      {
        type: 'string',
        pattern: '^(1[6-9]|[2-9][0-9])$',
        examples: ['30'],
        description: undefined,
      },
    )
    assert.equal(quote.pick_up_time?.pattern, '^([01][0-9]|2[0-3]):[0-5][0-9]$')
    for (const listed of tools) {
      const properties = listed.inputSchema.properties as Record<
        string,
        { type?: string; items?: unknown; examples?: unknown[] }
      >
      for (const [name, property] of Object.entries(properties)) {
        const want =
          property.type === 'integer' ? 'number' : property.type === 'array' ? 'object' : 'string'
        for (const example of property.examples ?? []) {
          assert.equal(
            typeof example,
            want,
            `${listed.name} ${name} example ${JSON.stringify(example)}`,
          )
        }
      }
    }
  })

  test('date examples are dates a few weeks after the server clock (2027-01-10), never a stand-in', () => {
    const listing = JSON.stringify(tools)
    assert.doesNotMatch(listing, /<example/)
    const find = tool('find_available_vehicles').inputSchema.properties as Record<
      string,
      { examples?: unknown[] }
    >
    assert.deepEqual(find.pick_up_date?.examples, ['2027-02-08'])
    assert.deepEqual(find.drop_off_date?.examples, ['2027-02-15'])
    const flexible = tool('find_flexible_dates').inputSchema.properties as Record<
      string,
      { type?: string; format?: string; maximum?: number; examples?: unknown[] }
    >
    assert.deepEqual(flexible.earliest_pick_up_date, {
      ...flexible.earliest_pick_up_date,
      type: 'string',
      format: 'date',
      examples: ['2027-02-08'],
    })
    assert.deepEqual(flexible.latest_pick_up_date?.examples, ['2027-02-15'])
    assert.deepEqual([flexible.rental_days?.type, flexible.rental_days?.examples], ['integer', [5]])
    assert.deepEqual([flexible.limit?.type, flexible.limit?.maximum], ['integer', 500])
    for (const date of listing.match(/\d{4}-\d{2}-\d{2}/g) ?? []) {
      assert.ok(date >= '2027-01-10', `${date} is before the server's today`)
    }
  })

  test('list_routes gives what GET /routes gives, all of them or from one depot', async () => {
    const cases: Record<string, string>[] = [
      {},
      { pick_up_depot_id: '1' },
      { pick_up_depot_id: '5' },
    ]
    for (const params of cases) {
      const { routes } = structured<{ routes: Route[] }>(await call('list_routes', params))
      assert.deepEqual(routes, await rest('/routes', params))
      assert.ok(routes.length > 0)
    }
  })

  test('list_vehicles gives what GET /vehicles gives, with and without filters', async () => {
    const cases: Record<string, string>[] = [
      {},
      { depot_id: '5' },
      { vehicle_class: 'motorhome' },
      { min_seats: '7' },
      { min_seats: '4', depot_id: '1' },
    ]
    for (const params of cases) {
      const { vehicles } = structured<{ vehicles: CatalogueVehicle[] }>(
        await call('list_vehicles', params),
      )
      assert.deepEqual(vehicles, await rest('/vehicles', params), JSON.stringify(params))
      assert.ok(vehicles.length > 0)
    }
  })

  test('an unknown depot or a malformed id is a tool error with the API message, naming the tool that lists them', async () => {
    for (const [name, path, params] of [
      ['list_routes', '/routes', { pick_up_depot_id: '99' }],
      ['list_vehicles', '/vehicles', { depot_id: '6' }],
      ['list_vehicles', '/vehicles', { depot_id: '07' }],
      ['list_vehicles', '/vehicles', { vehicle_class: 'limousine' }],
    ] as const) {
      const response = await session.api.get(path, params)
      assert.equal(response.statusCode, 400)
      // Sent as text so that `07` reaches the tool as it reaches the route.
      const result = await session.client.callTool({ name, arguments: params })
      const expected = response
        .json<{ error: string }>()
        .error.replaceAll('GET /depots', 'list_depots')
      assert.equal(errorText(result), expected)
      assert.doesNotMatch(errorText(result), /GET \//)
    }
  })

  for (const [name, params] of CALLS) {
    test(`${name}: a short text, then the structured content as JSON text, matching the output schema`, async () => {
      const result = await call(name, params)
      const content = structured<Record<string, unknown>>(result)
      assert.equal(result.content.length, 2)
      assert.ok(textOf(result, 0).length > 0)
      assert.doesNotMatch(textOf(result, 0), /^[[{]/, 'the first block is the summary')
      assert.doesNotMatch(
        textOf(result, 0),
        /GET \/|\/api\/agent/,
        'the summary names tools, not paths',
      )
      assert.deepEqual(JSON.parse(textOf(result, 1)), content)
      const ajv = new Ajv2020.default({ strict: false, allErrors: true })
      addFormats.default(ajv)
      const validate = ajv.compile(tool(name).outputSchema ?? {})
      assert.ok(validate(content), ajv.errorsText(validate.errors))
    })
  }

  test('the list_routes text names the depots and the fees', async () => {
    const text = textOf(await call('list_routes', { pick_up_depot_id: '1' }))
    assert.match(
      text,
      /^5 routes can be rented from Auckland Airport \(1\), with their route fee:$/m,
    )
    assert.match(text, /^- Auckland Airport \(1\) and back: no fee$/m)
    assert.match(text, /^- Auckland Airport \(1\) to Wellington Airport \(3\): NZ\$150\.00$/m)
    assert.match(text, /A route not listed is not offered/)
  })

  test('the vehicle texts say the class and the fuel once, and not when the name says them', async () => {
    const catalogue = textOf(await call('list_vehicles'))
    assert.match(catalogue, /^- vehicle_id 5 BYD Atto 3 or similar \(electric\): 5 seats/m)
    assert.match(catalogue, /^- vehicle_id 7 Toyota Hiace 2-berth campervan \(diesel\): 2 seats/m)
    assert.match(catalogue, /^- vehicle_id 1 Toyota Yaris or similar \(economy, petrol\): /m)
    assert.match(
      catalogue,
      /; at depots 1, 4, 5; minimum days 5 in Peak, 3 in Shoulder, 2 in Low$/m,
    )
    const available = textOf(await call('find_available_vehicles', WEEK))
    assert.match(available, /^- vehicle_id 7 Toyota Hiace 2-berth campervan: /m)
    assert.match(available, /^- vehicle_id 8 Mercedes Sprinter 4-berth motorhome: /m)
    for (const text of [catalogue, available]) {
      for (const line of text.split('\n')) {
        // A word in the brackets after a name is never one the name (or the brackets) already have.
        const match = /^- vehicle_id \d+ (.+?) \(([^)]*)\)[:;]/.exec(line)
        if (!match) continue
        const words = (match[1] ?? '').toLowerCase().split(/[^a-z0-9-]+/)
        const details = (match[2] ?? '').toLowerCase().split(', ')
        assert.equal(new Set(details).size, details.length, line)
        for (const detail of details) assert.ok(!words.includes(detail), line)
      }
    }
  })
})
