import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { CallToolResult } from '@modelcontextprotocol/client'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import { okBody } from '../http/api-client.ts'
import { asToolArguments, errorText, startMcpOverHttp, structured } from './mcp-sessions.ts'

/*
 * On the MCP door an empty search is never silent either: explain_unavailable gives what
 * GET /vehicles/unavailable gives, find_available_vehicles states the real reasons when it finds
 * nothing, and a refused get_quote names the arguments to send instead.
 */

/** Auckland Airport on Christmas Day 2027: closed (the clock is 2027-01-10). */
const CHRISTMAS = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  pick_up_date: '2027-12-25',
  drop_off_date: '2027-12-28',
}

describe('MCP: explain_unavailable and the reasons of an empty search', () => {
  let session: Awaited<ReturnType<typeof startMcpOverHttp>>
  before(async () => {
    session = await startMcpOverHttp({ fleetFile: DEMO_FLEET_FILE })
  })
  after(() => session.close())

  const call = async (name: string, params: Record<string, string>) =>
    (await session.client.callTool({
      name,
      arguments: asToolArguments(params),
    })) as CallToolResult
  const text = (result: CallToolResult) => {
    const block = result.content[0]
    assert.ok(block?.type === 'text')
    return block.text
  }

  test('is listed after find_available_vehicles, read-only, with an output schema', async () => {
    const { tools } = await session.client.listTools()
    const names = tools.map((tool) => tool.name)
    assert.equal(names.indexOf('explain_unavailable'), names.indexOf('find_available_vehicles') + 1)
    const tool = tools.find((candidate) => candidate.name === 'explain_unavailable')
    assert.equal(tool?.annotations?.readOnlyHint, true)
    assert.deepEqual(Object.keys(tool?.outputSchema?.properties ?? {}), ['vehicles'])
    assert.doesNotMatch(tool?.description ?? '', /GET \//)
  })

  test('gives what GET /vehicles/unavailable gives', async () => {
    for (const params of [
      CHRISTMAS,
      { ...CHRISTMAS, pick_up_date: '2027-03-01', drop_off_date: '2027-03-03' },
      {
        ...CHRISTMAS,
        pick_up_depot_id: '5',
        pick_up_date: '2027-03-01',
        drop_off_date: '2027-03-08',
      },
    ]) {
      const result = await call('explain_unavailable', params)
      assert.equal(result.isError, undefined)
      const { vehicles } = structured<{ vehicles: unknown[] }>(result)
      assert.deepEqual(vehicles, okBody(await session.api.get('/vehicles/unavailable', params)))
      assert.ok(vehicles.length > 0)
    }
  })

  test('an empty find_available_vehicles states the real reasons and the arguments to send', async () => {
    const result = await call('find_available_vehicles', CHRISTMAS)
    assert.deepEqual(structured<{ vehicles: unknown[] }>(result).vehicles, [])
    const said = text(result)
    assert.match(said, /^No vehicle is free from 2027-12-25 to 2027-12-28/)
    assert.match(said, /Auckland Airport is closed on 2027-12-25/)
    assert.match(said, /"pick_up_date":"2027-12-26","drop_off_date":"2027-12-29"/)
    assert.doesNotMatch(said, /GET \//)
  })

  test('a refused get_quote names the step and the arguments, not a path', async () => {
    const result = await call('get_quote', {
      ...CHRISTMAS,
      pick_up_date: '2027-03-01',
      drop_off_date: '2027-03-03',
      vehicle_id: '8',
    })
    assert.equal(result.isError, true)
    const said = errorText(result)
    assert.match(said, /at least 5 days/)
    assert.match(said, /send drop_off_date=2027-03-06/)
    assert.doesNotMatch(said, /GET \//)
  })

  test('a driver too young is sent to the tool with the same driver_age, as the API sends to its path', async () => {
    const params = { ...CHRISTMAS, pick_up_date: '2027-03-01', drop_off_date: '2027-03-08' }
    const young = { ...params, driver_age: '19' }
    const result = await call('explain_unavailable', young)
    const { vehicles } = structured<{ vehicles: { code: string; reason: string }[] }>(result)
    const tooYoung = vehicles.filter((vehicle) => vehicle.code === 'driver_too_young')
    assert.ok(tooYoung.length > 0, JSON.stringify(vehicles))
    for (const { reason } of tooYoung) {
      assert.match(
        reason,
        /choose another vehicle: find_available_vehicles with the same driver_age/,
      )
    }
    assert.doesNotMatch(JSON.stringify(result), /GET \//)
    // The facts are the API's, worded for tools.
    const http = okBody<{ reason: string }[]>(await session.api.get('/vehicles/unavailable', young))
    assert.deepEqual(
      vehicles,
      http.map((vehicle) => ({
        ...vehicle,
        reason: vehicle.reason.replace('GET /vehicles/availability', 'find_available_vehicles'),
      })),
    )
  })

  test('a driver younger than every vehicle allows is told the age, not to choose another vehicle', async () => {
    const params = {
      ...CHRISTMAS,
      pick_up_date: '2027-03-01',
      drop_off_date: '2027-03-08',
      driver_age: '17',
    }
    for (const answer of [
      structured<{ vehicles: { reason: string }[] }>(await call('explain_unavailable', params))
        .vehicles,
      okBody<{ reason: string }[]>(await session.api.get('/vehicles/unavailable', params)),
    ]) {
      assert.ok(answer.length > 0)
      for (const { reason } of answer) {
        assert.match(
          reason,
          /no vehicle is rented to a driver under 18; the main driver must be 18 or over$/,
        )
      }
    }
  })

  test("the instructions name the company's time zone and limits; the schema the longest rental", async () => {
    const instructions = session.client.getInstructions() ?? ''
    assert.match(instructions, /calendar dates in the company's time zone, Pacific\/Auckland/)
    assert.match(instructions, /a pick-up up to 548 days ahead, a rental of at most 90 days/)
    // The longest rental as the company sets it, not the shape's 999.
    const { tools } = await session.client.listTools()
    const flexible = tools.find((tool) => tool.name === 'find_flexible_dates')
    const rentalDays = flexible?.inputSchema.properties?.rental_days as { maximum?: number }
    assert.equal(rentalDays.maximum, 90)
  })
})
