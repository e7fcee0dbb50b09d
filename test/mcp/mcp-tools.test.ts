import assert from 'node:assert/strict'
import { resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Client } from '@modelcontextprotocol/client'
import { cents, okBody, type Params, type QuoteBody } from '../http/api-client.ts'
import { asToolArguments, startMcpOverHttp, structured } from './mcp-sessions.ts'

/*
 * The MCP door answers as the REST door does: for the same input, each tool's structured result
 * is the endpoint's JSON (a quote to the cent), and the tools are listed as read-only and
 * idempotent, with the API's parameter names.
 */

const SEARCH = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-01-13',
  drop_off_date: '2027-01-18',
}

describe('MCP tools over Streamable HTTP', () => {
  let session: Awaited<ReturnType<typeof startMcpOverHttp>>
  let client: Client
  before(async () => {
    session = await startMcpOverHttp()
    client = session.client
  })
  after(async () => {
    await session.close()
  })
  const rest = async <T>(path: string, params?: Params) =>
    okBody<T>(await session.api.get(path, params))

  test('lists one read-only, idempotent tool per operation, in the order they are called', async () => {
    const { tools } = await client.listTools()
    assert.deepEqual(
      tools.map((tool) => tool.name),
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
    for (const tool of tools) {
      assert.equal(tool.annotations?.readOnlyHint, true, tool.name)
      assert.equal(tool.annotations?.idempotentHint, true, tool.name)
      assert.equal(tool.annotations?.destructiveHint, false, tool.name)
      assert.equal(tool.outputSchema?.type, 'object', `${tool.name} has an output schema`)
      assert.ok(tool.title, `${tool.name} has a title`)
      assert.doesNotMatch(
        tool.description ?? '',
        /GET \//,
        `${tool.name} speaks of tools, not URLs`,
      )
      // Nor its schemas' descriptions, nor an HTTP status a tool never gives.
      for (const schema of [tool.inputSchema, tool.outputSchema]) {
        // A status as words name one ("is a 400", "a quote's 404 gives"); not a phone's 555.
        assert.doesNotMatch(
          JSON.stringify(schema),
          /GET \/|\b(?:a|an|the|is|quote's) [45]\d\d\b|\b[45]\d\d (?:gives|answer|error|status)/,
          tool.name,
        )
      }
    }
  })

  test('the input schemas use the API parameter names, typed as the OpenAPI document types them', async () => {
    const { tools } = await client.listTools()
    const quote = tools.find((tool) => tool.name === 'get_quote')
    assert.deepEqual(Object.keys(quote?.inputSchema.properties ?? {}), [
      'pick_up_depot_id',
      'drop_off_depot_id',
      'pick_up_date',
      'drop_off_date',
      'vehicle_id',
      'accessory_ids',
      'insurance_id',
      'pick_up_time',
      'drop_off_time',
      'driver_age',
      'promo_code',
      'agent_ref',
    ])
    assert.deepEqual(quote?.inputSchema.required, [
      'pick_up_depot_id',
      'drop_off_depot_id',
      'pick_up_date',
      'drop_off_date',
      'vehicle_id',
    ])
    const properties = quote?.inputSchema.properties as Record<string, Record<string, unknown>>
    assert.equal(properties.pick_up_depot_id?.type, 'integer')
    assert.equal(properties.pick_up_date?.format, 'date')
    assert.equal(properties.accessory_ids?.type, 'array')
    const options = tools.find((tool) => tool.name === 'list_accessories')
    assert.deepEqual(options?.inputSchema.required, ['vehicle_id'])
  })

  test('the descriptions give the call order and the checkout link to hand over', async () => {
    const { tools } = await client.listTools()
    const describe = (name: string) => tools.find((tool) => tool.name === name)?.description ?? ''
    assert.match(describe('list_depots'), /Step 1 .*find_available_vehicles/)
    assert.match(describe('get_quote'), /Give checkoutUrl to the person to book/)
    assert.match(
      client.getInstructions() ?? '',
      /list_depots.*find_available_vehicles.*get_quote.*checkoutUrl/s,
    )
  })

  test('list_depots gives the depots of GET /depots', async () => {
    const result = structured<{ depots: unknown[] }>(await client.callTool({ name: 'list_depots' }))
    assert.deepEqual(result.depots, await rest('/depots'))
    assert.ok(result.depots.length > 0)
  })

  test('find_available_vehicles gives the vehicles of GET /vehicles/availability', async () => {
    const result = structured<{ vehicles: { vehicleId: number }[] }>(
      await client.callTool({
        name: 'find_available_vehicles',
        arguments: asToolArguments(SEARCH),
      }),
    )
    assert.deepEqual(result.vehicles, await rest('/vehicles/availability', SEARCH))
    assert.ok(result.vehicles.length > 0)
  })

  for (const [tool, path] of [
    ['list_accessories', 'accessories'],
    ['list_insurance_plans', 'insurance-types'],
  ] as const) {
    const key = tool === 'list_accessories' ? 'accessories' : 'insurancePlans'
    test(`${tool} gives what GET /vehicles/{vehicleId}/${path} gives, with and without dates`, async () => {
      const dates = { pick_up_date: SEARCH.pick_up_date, drop_off_date: SEARCH.drop_off_date }
      for (const params of [{}, dates]) {
        const result = structured<Record<string, unknown[]>>(
          await client.callTool({ name: tool, arguments: { vehicle_id: 1, ...params } }),
        )
        assert.deepEqual(result[key], await rest(`/vehicles/1/${path}`, params))
        assert.ok((result[key] ?? []).length > 0)
      }
    })
  }

  test('get_quote prices as GET /quotes does, to the cent, and hands over its checkout link', async () => {
    const params = { ...SEARCH, vehicle_id: '1', accessory_ids: '1,1,2', insurance_id: '2' }
    const viaMcp = await client.callTool({ name: 'get_quote', arguments: asToolArguments(params) })
    const quote = structured<QuoteBody>(viaMcp)
    const viaRest = await rest<QuoteBody>('/quotes', params)
    const { quoteId, checkoutUrl, ...priced } = quote
    const { quoteId: restQuoteId, checkoutUrl: restCheckoutUrl, ...restPriced } = viaRest
    assert.deepEqual(priced, restPriced)
    assert.equal(cents(quote.totalAmount), cents(viaRest.totalAmount))
    assert.ok(cents(quote.totalAmount) > 0)
    assert.notEqual(quoteId, restQuoteId, 'each call stores its own quote')
    assert.equal(checkoutUrl, restCheckoutUrl.replace(restQuoteId, quoteId))
    const text = (viaMcp.content as { text: string }[])[0]?.text ?? ''
    assert.ok(text.includes(checkoutUrl), 'the text rendering carries the checkout link')
    assert.ok(text.includes(`NZ$${quote.totalAmount.toFixed(2)}`), text)
    // The quote was stored: its checkout page opens on the website.
    const page = await session.api.app.inject({
      url: new URL(checkoutUrl).pathname + new URL(checkoutUrl).search,
    })
    assert.equal(page.statusCode, 200)
  })

  test('ids sent as digits and the accessory list as the API text are taken too', async () => {
    const params = { ...SEARCH, vehicle_id: '1', accessory_ids: '1,1,2' }
    const asText = structured<QuoteBody>(
      await client.callTool({ name: 'get_quote', arguments: params }),
    )
    const asJson = structured<QuoteBody>(
      await client.callTool({ name: 'get_quote', arguments: asToolArguments(params) }),
    )
    assert.equal(asText.totalAmount, asJson.totalAmount)
    assert.deepEqual(asText.priceBreakdown, asJson.priceBreakdown)
  })
})

describe('find_available_vehicles as text', () => {
  let session: Awaited<ReturnType<typeof startMcpOverHttp>>
  before(async () => {
    session = await startMcpOverHttp({
      fleetFile: resolve(import.meta.dirname, '../fixtures/terms-fleet.yaml'),
    })
  })
  after(async () => {
    await session.close()
  })

  test("get_quote's text gives the quote's expiry in the company's zone, not as UTC", async () => {
    const viaMcp = await session.client.callTool({
      name: 'get_quote',
      arguments: asToolArguments({ ...SEARCH, vehicle_id: '1' }),
    })
    const text = (viaMcp.content as { text: string }[])[0]?.text ?? ''
    const { expiresAt } = structured<{ expiresAt: string }>(viaMcp)
    assert.match(expiresAt, /Z$/)
    assert.ok(!text.includes(expiresAt), text)
    assert.match(
      text,
      /Valid until \w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}\s[ap]m NZ[DS]T\. To book/,
    )
  })

  test("find_available_vehicles' text gives each vehicle's total from, and the promotion taken off", async () => {
    // Models read the text: a rental fee alone was quoted to travellers as the price.
    const params = { ...SEARCH, promo_code: 'SAVE10' }
    const viaMcp = await session.client.callTool({
      name: 'find_available_vehicles',
      arguments: asToolArguments(params),
    })
    const text = (viaMcp.content as { text: string }[])[0]?.text ?? ''
    const vehicles = structured<{
      vehicles: { vehicleId: number; totalFromAmount: number; discountAmount?: number }[]
    }>(viaMcp).vehicles
    for (const vehicle of vehicles) {
      const total = `total from NZ$${vehicle.totalFromAmount.toLocaleString('en-NZ', { minimumFractionDigits: 2 })} before options`
      assert.ok(text.includes(total), `${total} in ${text}`)
    }
    assert.ok(
      vehicles.some((vehicle) => (vehicle.discountAmount ?? 0) > 0),
      'no discount applied',
    )
    assert.match(text, /, after a promotion discount of NZ\$\d/)
  })
})
