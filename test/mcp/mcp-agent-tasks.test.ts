import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, test } from 'node:test'
import type { CallToolResult, Tool } from '@modelcontextprotocol/client'
import { addDays, type CalendarDate } from '../../src/domain/calendar-date.ts'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import { cents, okBody, type VehicleBody } from '../http/api-client.ts'
import { asToolArguments, startMcpOverHttp, structured } from './mcp-sessions.ts'

/*
 * The questions agents ask most, each answered right in at most two tool calls over MCP, after
 * reading the tool list (the MCP door's /llms.txt), on the demo company (the clock is Sunday
 * 2027-01-10 in Auckland). Each answer is in the structured content and in the text a model
 * reads; the REST calls the test makes to check it are not the agent's.
 */

type Option = {
  pickUpDate: string
  dropOffDate: string
  vehicleId: number
  rentalFee: number
  routeFee: number
}

describe('agent tasks over MCP, at most two tool calls each', () => {
  let session: Awaited<ReturnType<typeof startMcpOverHttp>>
  let tools: Tool[]
  let calls = 0
  before(async () => {
    session = await startMcpOverHttp({ fleetFile: DEMO_FLEET_FILE })
    tools = (await session.client.listTools()).tools
  })
  after(() => session.close())
  beforeEach(() => {
    calls = 0
  })

  /** What the tool list says a tool is for; the agent finds the tool there. */
  const learns = (name: string, ...argumentNames: string[]) => {
    const tool = tools.find((candidate) => candidate.name === name)
    assert.ok(tool, `no tool ${name}`)
    assert.ok(tool.description && tool.title, `${name} says what it is for`)
    for (const argument of argumentNames) {
      assert.ok(Object.hasOwn(tool.inputSchema.properties ?? {}, argument), `${name} ${argument}`)
    }
  }
  const call = async (name: string, args: Record<string, string>) => {
    calls += 1
    const result = (await session.client.callTool({
      name,
      arguments: asToolArguments(args),
    })) as CallToolResult
    const first = result.content[0]
    return {
      content: structured<Record<string, unknown>>(result),
      text: first?.type === 'text' ? first.text : '',
    }
  }

  test('the cheapest vehicle for any 5 days picked up in a 2-week window from Auckland Airport', async () => {
    learns('find_flexible_dates', 'earliest_pick_up_date', 'latest_pick_up_date', 'rental_days')
    const earliest = '2027-02-01' as CalendarDate
    const { content, text } = await call('find_flexible_dates', {
      pick_up_depot_id: '1',
      drop_off_depot_id: '1',
      earliest_pick_up_date: earliest,
      latest_pick_up_date: addDays(earliest, 13),
      rental_days: '5',
      limit: '1',
    })
    assert.equal(calls, 1)
    const [cheapest] = content.options as Option[]
    assert.ok(cheapest)
    assert.ok(
      text.includes(
        `${cheapest.pickUpDate} to ${cheapest.dropOffDate}: vehicle_id ${cheapest.vehicleId}`,
      ),
    )

    let best = Number.POSITIVE_INFINITY
    for (let offset = 0; offset < 14; offset++) {
      const pickUpDate = addDays(earliest, offset)
      const vehicles = okBody<VehicleBody[]>(
        await session.api.get('/vehicles/availability', {
          pick_up_depot_id: '1',
          drop_off_depot_id: '1',
          pick_up_date: pickUpDate,
          drop_off_date: addDays(pickUpDate, 5),
        }),
      )
      for (const vehicle of vehicles) {
        best = Math.min(best, cents(vehicle.rentalFee ?? 0) + cents(vehicle.routeFee ?? 0))
      }
    }
    assert.equal(cents(cheapest.rentalFee) + cents(cheapest.routeFee), best)
  })

  test('why the campervan is missing for a 2-day weekend, and the earliest drop-off that works', async () => {
    learns('explain_unavailable', 'pick_up_date', 'drop_off_date')
    const { content, text } = await call('explain_unavailable', {
      pick_up_depot_id: '1',
      drop_off_depot_id: '1',
      pick_up_date: '2027-03-05',
      drop_off_date: '2027-03-07',
    })
    assert.equal(calls, 1)
    const vehicles = content.vehicles as {
      vehicleClass: string
      code: string
      suggestion: unknown
    }[]
    const campervan = vehicles.find((vehicle) => vehicle.vehicleClass === 'campervan')
    assert.deepEqual(campervan && { code: campervan.code, suggestion: campervan.suggestion }, {
      code: 'below_minimum_days',
      suggestion: { drop_off_date: '2027-03-08' },
    })
    assert.match(
      text,
      /vehicle_id 7 Toyota Hiace 2-berth campervan \(below_minimum_days\): .*at least 3 days.*the earliest drop-off date that works is 2027-03-08/,
    )
    const quote = await session.api.get('/quotes', {
      pick_up_depot_id: '1',
      drop_off_depot_id: '1',
      pick_up_date: '2027-03-05',
      drop_off_date: '2027-03-08',
      vehicle_id: '7',
    })
    assert.equal(quote.statusCode, 200)
  })

  test('which depots a one-way rental from Auckland Airport may end at, and for how much', async () => {
    learns('list_depots')
    learns('list_routes', 'pick_up_depot_id')
    const depots = (await call('list_depots', {})).content.depots as { id: number; name: string }[]
    const airport = depots.find((depot) => depot.name === 'Auckland Airport')
    assert.ok(airport)
    const { content, text } = await call('list_routes', { pick_up_depot_id: String(airport.id) })
    assert.equal(calls, 2)
    const routes = content.routes as { dropOffDepotId: number; routeFee: number }[]
    assert.deepEqual(
      routes.filter((route) => route.dropOffDepotId !== airport.id).map((route) => route.routeFee),
      [0, 150, 295, 395],
    )
    // The text alone answers it, depots named.
    for (const line of [
      'Auckland Airport (1) to Auckland City (2): no fee',
      'Auckland Airport (1) to Wellington Airport (3): NZ$150.00',
      'Auckland Airport (1) to Christchurch Airport (4): NZ$295.00',
      'Auckland Airport (1) to Queenstown (5): NZ$395.00',
    ]) {
      assert.ok(text.includes(line), `${line} in ${text}`)
    }
  })

  test('the 7-seaters stocked at Christchurch Airport', async () => {
    learns('list_depots')
    learns('list_vehicles', 'min_seats', 'depot_id')
    const depots = (await call('list_depots', {})).content.depots as { id: number; name: string }[]
    const christchurch = depots.find((depot) => depot.name === 'Christchurch Airport')
    assert.ok(christchurch)
    const { content, text } = await call('list_vehicles', {
      min_seats: '7',
      depot_id: String(christchurch.id),
    })
    assert.equal(calls, 2)
    const vehicles = content.vehicles as { name: string; seats: number }[]
    assert.deepEqual(
      vehicles.map((vehicle) => [vehicle.name, vehicle.seats]),
      [['Hyundai Santa Fe 7-seater or similar', 7]],
    )
    assert.match(text, /vehicle_id 4 Hyundai Santa Fe 7-seater or similar \(suv, diesel\): 7 seats/)
  })
})
