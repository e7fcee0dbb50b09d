import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Client } from '@modelcontextprotocol/client'
import { ProtocolError } from '@modelcontextprotocol/client'
import type { ErrorBody, Params } from '../http/api-client.ts'
import { asToolArguments, errorText, startMcpOverHttp } from './mcp-sessions.ts'

/*
 * What an agent can fix comes back as a tool result with isError and the message the API gives
 * for the same input: a bad or missing parameter (400), an unknown id (400), a vehicle that
 * cannot be rented (404), a store that does not answer (503). Only a fault of the protocol
 * itself (a tool that does not exist) is a protocol error.
 */

const QUOTE = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-01-13',
  drop_off_date: '2027-01-18',
  vehicle_id: '1',
}

/** The quote's search alone: a tool refuses an argument it does not take. */
const { vehicle_id: _vehicle, ...SEARCH } = QUOTE

type Case = {
  fault: string
  tool: string
  /** The REST request for the same input. */
  path: string
  params: Record<string, string>
  status: number
  code: string
}

const CASES: Case[] = [
  {
    fault: 'an impossible date',
    tool: 'get_quote',
    path: '/quotes',
    params: { ...QUOTE, pick_up_date: '2027-02-30' },
    status: 400,
    code: 'invalid_date',
  },
  {
    fault: 'a date in the past',
    tool: 'get_quote',
    path: '/quotes',
    params: { ...QUOTE, pick_up_date: '2027-01-01' },
    status: 400,
    code: 'date_in_past',
  },
  {
    fault: 'a drop-off before the pick-up',
    tool: 'get_quote',
    path: '/quotes',
    params: { ...QUOTE, drop_off_date: '2027-01-12' },
    status: 400,
    code: 'drop_off_before_pick_up',
  },
  {
    fault: 'an id with a leading zero',
    tool: 'get_quote',
    path: '/quotes',
    params: { ...QUOTE, pick_up_depot_id: '07' },
    status: 400,
    code: 'invalid_parameter',
  },
  {
    fault: 'a date in another shape',
    tool: 'find_available_vehicles',
    path: '/vehicles/availability',
    params: { ...SEARCH, pick_up_date: '13/01/2027' },
    status: 400,
    code: 'invalid_parameter',
  },
  {
    fault: 'an unknown depot',
    tool: 'find_available_vehicles',
    path: '/vehicles/availability',
    params: { ...SEARCH, drop_off_depot_id: '99' },
    status: 400,
    code: 'unknown_depot',
  },
  {
    fault: 'an unknown vehicle',
    tool: 'get_quote',
    path: '/quotes',
    params: { ...QUOTE, vehicle_id: '99' },
    status: 400,
    code: 'unknown_vehicle',
  },
  {
    fault: 'an unknown accessory',
    tool: 'get_quote',
    path: '/quotes',
    params: { ...QUOTE, accessory_ids: '1,99' },
    status: 400,
    code: 'unknown_accessory',
  },
  {
    fault: 'an unknown insurance plan',
    tool: 'get_quote',
    path: '/quotes',
    params: { ...QUOTE, insurance_id: '99' },
    status: 400,
    code: 'unknown_insurance',
  },
  {
    fault: 'too many accessories',
    tool: 'get_quote',
    path: '/quotes',
    params: { ...QUOTE, accessory_ids: Array(51).fill('1').join(',') },
    status: 400,
    code: 'invalid_parameter',
  },
  {
    fault: 'a sold-out vehicle',
    tool: 'get_quote',
    path: '/quotes',
    params: { ...QUOTE, vehicle_id: '2', pick_up_date: '2027-01-20', drop_off_date: '2027-01-25' },
    status: 404,
    code: 'vehicle_sold_out',
  },
  {
    fault: 'a rental below the minimum days',
    tool: 'get_quote',
    path: '/quotes',
    params: { ...QUOTE, drop_off_date: '2027-01-15' },
    status: 404,
    code: 'below_minimum_days',
  },
  {
    fault: 'one date of two for the options',
    tool: 'list_accessories',
    path: '/vehicles/1/accessories',
    params: { vehicle_id: '1', pick_up_date: '2027-01-13' },
    status: 400,
    code: 'incomplete_dates',
  },
  {
    fault: 'an unknown vehicle for the options',
    tool: 'list_insurance_plans',
    path: '/vehicles/99/insurance-types',
    params: { vehicle_id: '99' },
    status: 400,
    code: 'unknown_vehicle',
  },
]

/**
 * The API's message as the MCP door words it: the tools and arguments an agent calls there, in
 * place of the endpoints and the path's `vehicleId`.
 */
function asMcpWords(apiMessage: string): string {
  return apiMessage
    .replace(/GET \/vehicles\/(\d+)\/accessories/g, 'list_accessories with vehicle_id $1')
    .replace(/GET \/vehicles\/(\d+)\/insurance-types/g, 'list_insurance_plans with vehicle_id $1')
    .replace(/GET \/vehicles\/availability/g, 'find_available_vehicles')
    .replace(/GET \/vehicles\b/g, 'list_vehicles')
    .replace(/GET \/depots/g, 'list_depots')
    .replace(/^vehicleId /, 'vehicle_id ')
}

function withoutKey(params: Record<string, string>, key: string): Record<string, string> {
  const { [key]: _left, ...rest } = params
  return rest
}

describe('MCP tool errors', () => {
  let session: Awaited<ReturnType<typeof startMcpOverHttp>>
  let client: Client
  before(async () => {
    session = await startMcpOverHttp()
    client = session.client
  })
  after(async () => {
    await session.close()
  })

  const restError = async (path: string, params: Params, status: number, code: string) => {
    // The option endpoints take the vehicle in the path; the extra query key is ignored.
    const response = await session.api.get(path, params)
    assert.equal(response.statusCode, status, response.body)
    const body = response.json<ErrorBody>()
    assert.equal(body.code, code)
    return body.error
  }

  for (const item of CASES) {
    test(`${item.fault}: isError with the API's message in tools and arguments (${item.status} ${item.code})`, async () => {
      const expected = asMcpWords(await restError(item.path, item.params, item.status, item.code))
      const asJson = await client.callTool({
        name: item.tool,
        arguments: asToolArguments(item.params),
      })
      const asText = await client.callTool({ name: item.tool, arguments: item.params })
      // An id with a leading zero cannot be a JSON number: it is sent as the text the agent wrote.
      assert.equal(errorText(asText), expected)
      if (item.code !== 'invalid_parameter' || item.fault !== 'an id with a leading zero') {
        assert.equal(errorText(asJson), expected)
      }
      assert.doesNotMatch(expected, /GET \/|vehicleId/, 'the MCP door names no endpoint')
    })
  }

  test('a missing parameter: isError naming it, as the API does', async () => {
    const params = withoutKey(QUOTE, 'vehicle_id')
    const expected = asMcpWords(await restError('/quotes', params, 400, 'missing_parameter'))
    assert.equal(
      errorText(await client.callTool({ name: 'get_quote', arguments: asToolArguments(params) })),
      expected,
    )
  })

  test('values no query string can carry are refused with a message quoting them', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['pick_up_depot_id', 1.5, /pick_up_depot_id "1.5" is not valid/],
      ['pick_up_depot_id', 1e21, /pick_up_depot_id "1e\+21" is not valid/],
      ['pick_up_depot_id', -1, /pick_up_depot_id "-1" is not valid/],
      ['pick_up_depot_id', true, /pick_up_depot_id "true" is not valid/],
      ['pick_up_date', ['2027-01-13'], /pick_up_date "\[\\"2027-01-13\\"\]" is not valid/],
      ['pick_up_date', { year: 2027 }, /pick_up_date "\{\\"year\\":2027\}" is not valid/],
      ['accessory_ids', [1, 'x'], /accessory_ids item 2 "x" is not an accessory id/],
      ['accessory_ids', [1, { id: 2 }], /accessory_ids item 2 "\{"id":2\}" is not an accessory id/],
    ]
    for (const [name, value, says] of cases) {
      const result = await client.callTool({
        name: 'get_quote',
        arguments: { ...asToolArguments(QUOTE), [name]: value },
      })
      assert.match(errorText(result), says, `${name}=${JSON.stringify(value)}`)
    }
  })

  test('a known argument under another spelling is refused with the name to send', async () => {
    const { pick_up_depot_id: _, ...rest } = asToolArguments(QUOTE)
    const result = await client.callTool({
      name: 'get_quote',
      arguments: { ...rest, pickUpDepotId: 1 },
    })
    assert.equal(
      errorText(result),
      '"pickUpDepotId" is not a parameter name here; send it as pick_up_depot_id',
    )
  })

  test('accessory_ids as a list, as comma-separated text, or as a JSON list in text: the same quote', async () => {
    const totals = []
    for (const accessoryIds of [[1, 1], '1,1', '[1, 1]']) {
      const result = await client.callTool({
        name: 'get_quote',
        arguments: { ...asToolArguments(QUOTE), accessory_ids: accessoryIds },
      })
      assert.notEqual(result.isError, true, JSON.stringify(result.content))
      const quote = result.structuredContent as { priceBreakdown: { accessories: unknown[] } }
      totals.push(quote.priceBreakdown.accessories)
    }
    assert.deepEqual(totals[1], totals[0])
    assert.deepEqual(totals[2], totals[0])
  })

  test('an argument the tool does not take is refused, naming those it takes', async () => {
    // Ignored, `accessories: [1]` priced a quote without the child seat asked for.
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'get_quote',
        { ...asToolArguments(QUOTE), accessories: [1] },
        '"accessories" is not a parameter name here; send it as accessory_ids',
      ],
      [
        'get_quote',
        { ...asToolArguments(QUOTE), colour: 'red' },
        '"colour" is not an argument of this tool, and would be ignored; the arguments are pick_up_depot_id, drop_off_depot_id, pick_up_date, drop_off_date, vehicle_id, accessory_ids, insurance_id, pick_up_time, drop_off_time, driver_age, promo_code, agent_ref',
      ],
      [
        'find_available_vehicles',
        { ...asToolArguments(QUOTE), insurance_id: 2 },
        '"insurance_id" is not an argument of this tool, and would be ignored; the arguments are pick_up_depot_id, drop_off_depot_id, pick_up_date, drop_off_date, vehicle_id, min_seats, vehicle_class, driver_age, promo_code',
      ],
      [
        'list_depots',
        { constructor: 'x' },
        '"constructor" is not an argument of this tool, and would be ignored; this tool takes no arguments',
      ],
    ]
    for (const [name, args, says] of cases) {
      assert.equal(errorText(await client.callTool({ name, arguments: args })), says.trimEnd())
    }
  })

  test('null for an argument is no value: an option left out, a required one missing', async () => {
    const unused = { insurance_id: null, accessory_ids: null, driver_age: null, promo_code: null }
    const quote = await client.callTool({
      name: 'get_quote',
      arguments: { ...asToolArguments(QUOTE), ...unused },
    })
    assert.notEqual(quote.isError, true, JSON.stringify(quote.content))
    const missing = await client.callTool({
      name: 'get_quote',
      arguments: { ...asToolArguments(QUOTE), pick_up_depot_id: null },
    })
    assert.match(errorText(missing), /pick_up_depot_id is required/)
  })

  test("an error's fields come as JSON too: the API's code, the argument at fault, the suggestion", async () => {
    for (const [params, status] of [
      [{ ...QUOTE, drop_off_date: '2027-01-15' }, 404],
      [{ ...QUOTE, pick_up_date: '2027-02-30' }, 400],
    ] as const) {
      const rest = await session.api.get('/quotes', params)
      assert.equal(rest.statusCode, status, rest.body)
      const api = rest.json<{
        error: string
        code: string
        parameter?: string
        suggestion?: unknown
      }>()
      const result = await client.callTool({
        name: 'get_quote',
        arguments: asToolArguments(params),
      })
      const blocks = result.content as { type: string; text: string }[]
      const fields = JSON.parse(blocks[1]?.text ?? '{}')
      assert.equal(fields.error, errorText(result))
      assert.deepEqual({ ...fields, error: undefined }, { ...api, error: undefined })
    }
  })

  test('a tool that does not exist is a protocol error naming the tools', async () => {
    await assert.rejects(
      client.callTool({ name: 'book_vehicle', arguments: {} }),
      (error: unknown) => {
        assert.ok(error instanceof ProtocolError)
        assert.equal(error.code, -32602)
        assert.match(error.message, /Unknown tool "book_vehicle"; the tools are list_depots, /)
        return true
      },
    )
  })
})

describe('MCP tools when the store does not answer', () => {
  let session: Awaited<ReturnType<typeof startMcpOverHttp>>
  before(async () => {
    session = await startMcpOverHttp()
    await session.api.store.close()
  })
  after(async () => {
    await session.close()
  })

  test('a call needing the store is isError with the API 503 message, saying when to retry', async () => {
    const response = await session.api.get(
      '/vehicles/availability',
      withoutKey(QUOTE, 'vehicle_id'),
    )
    assert.equal(response.statusCode, 503)
    const result = await session.client.callTool({
      name: 'find_available_vehicles',
      arguments: asToolArguments(withoutKey(QUOTE, 'vehicle_id')),
    })
    const text = errorText(result)
    assert.equal(text, response.json<ErrorBody>().error)
    assert.match(text, /retry in \d+ seconds/)
    assert.doesNotMatch(text, /sqlite|database|closed/i)
  })
})
