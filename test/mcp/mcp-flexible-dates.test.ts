import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { CallToolResult } from '@modelcontextprotocol/client'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import { okBody } from '../http/api-client.ts'
import { asToolArguments, errorText, startMcpOverHttp, structured } from './mcp-sessions.ts'

/*
 * find_flexible_dates answers as GET /vehicles/availability/flexible does, with the count before
 * its limit; its text lists the options with the arguments get_quote takes, and an empty answer
 * states why, vehicle by vehicle, in tools and arguments rather than paths.
 */

/** Auckland Airport, return, two weeks of pick-up dates in March 2027 (the clock is 2027-01-10). */
const MARCH = {
  pick_up_depot_id: '1',
  drop_off_depot_id: '1',
  earliest_pick_up_date: '2027-03-01',
  latest_pick_up_date: '2027-03-14',
  rental_days: '5',
}

describe('MCP: find_flexible_dates', () => {
  let session: Awaited<ReturnType<typeof startMcpOverHttp>>
  before(async () => {
    session = await startMcpOverHttp({ fleetFile: DEMO_FLEET_FILE })
  })
  after(() => session.close())

  const call = async (params: Record<string, string>) =>
    (await session.client.callTool({
      name: 'find_flexible_dates',
      arguments: asToolArguments(params),
    })) as CallToolResult
  const text = (result: CallToolResult) =>
    result.content[0]?.type === 'text' ? result.content[0].text : ''

  test('with promo_code, each discount is in the text, and a code that gives none says so', async () => {
    const offered = text(await call({ ...MARCH, limit: '3', promo_code: 'WELCOME50' }))
    assert.match(offered, /before options, after a promotion discount of NZ\$50\.00/)
    assert.doesNotMatch(offered, /gives no discount/)
    // WELCOME50 needs 5 days or more.
    const short = text(
      await call({ ...MARCH, rental_days: '3', limit: '3', promo_code: 'WELCOME50' }),
    )
    assert.match(short, /promo_code WELCOME50 gives no discount on these options/)
  })

  test('is listed after explain_unavailable, read-only, with a title and an output schema', async () => {
    const { tools } = await session.client.listTools()
    const names = tools.map((tool) => tool.name)
    assert.equal(names.indexOf('find_flexible_dates'), names.indexOf('explain_unavailable') + 1)
    const tool = tools.find((candidate) => candidate.name === 'find_flexible_dates')
    assert.equal(tool?.annotations?.readOnlyHint, true)
    assert.ok(tool?.title)
    assert.deepEqual(Object.keys(tool?.outputSchema?.properties ?? {}), ['options', 'total'])
    assert.deepEqual(tool?.inputSchema.required, [
      'pick_up_depot_id',
      'drop_off_depot_id',
      'earliest_pick_up_date',
      'latest_pick_up_date',
      'rental_days',
    ])
    assert.doesNotMatch(tool?.description ?? '', /GET \//)
  })

  test('gives what the endpoint gives, with the count before the limit', async () => {
    const params = { ...MARCH, limit: '7' }
    const response = await session.api.get('/vehicles/availability/flexible', params)
    const result = await call(params)
    const { options, total } = structured<{ options: unknown[]; total: number }>(result)
    assert.deepEqual(options, okBody(response))
    assert.equal(total, Number(response.headers['x-total-count']))
    assert.ok(total > 7)
    const said = text(result)
    assert.match(said, new RegExp(`^7 cheapest of ${total} options picked up from 2027-03-01`))
    assert.match(said, /2027-03-01 to 2027-03-06: vehicle_id 1 Toyota Yaris or similar \(economy\)/)
    assert.match(said, /Next: get_quote with the pick_up_date, drop_off_date and vehicle_id/)
  })

  test('an empty answer states each vehicle reason and the dates it holds on, in tools and arguments', async () => {
    // The campervan (7) at Auckland Airport in the peak season, for 2 days: under its minimum.
    const result = await call({
      ...MARCH,
      earliest_pick_up_date: '2027-01-18',
      latest_pick_up_date: '2027-01-24',
      rental_days: '2',
      vehicle_class: 'campervan',
    })
    const { options, total } = structured<{ options: unknown[]; total: number }>(result)
    assert.deepEqual([options, total], [[], 0])
    const said = text(result)
    assert.match(said, /^No vehicle can be rented from Auckland Airport \(pick_up_depot_id 1\)/)
    assert.match(
      said,
      /vehicle_id 7 Toyota Hiace 2-berth campervan \(below_minimum_days\) on 7 dates, from 2027-01-18: Toyota Hiace 2-berth campervan is rented for at least \d+ days in the Peak season; this rental is 2 days/,
    )
    assert.match(
      said,
      /Next: explain_unavailable with pick_up_date 2027-01-18 and drop_off_date 2027-01-20/,
    )
    assert.doesNotMatch(said, /GET \//)
  })

  test('no vehicle meeting the filters at the depot is said so, with the tool that lists its stock', async () => {
    const said = text(await call({ ...MARCH, min_seats: '9' }))
    assert.equal(
      said,
      'Auckland Airport (pick_up_depot_id 1) stocks no vehicle with at least 9 seats; list_vehicles with min_seats 9 lists the depots that stock such vehicles.',
    )
    assert.match(
      text(await call({ ...MARCH, pick_up_depot_id: '2', vehicle_id: '8' })),
      /^Vehicle 8 \(Mercedes Sprinter 4-berth motorhome\) is not stocked at Auckland City \(pick_up_depot_id 2\); list_vehicles gives the depots that stock it/,
    )
    // Stocked there, but not of the class asked for: which filter it fails, not "or".
    assert.equal(
      text(await call({ ...MARCH, vehicle_id: '3', vehicle_class: 'motorhome' })),
      'Vehicle 3 (Toyota RAV4 or similar) is of class suv, not motorhome: send vehicle_id without the filters it does not meet, or the filters without vehicle_id.',
    )
  })

  test('a refused search is a tool error naming the argument and the tool that lists its values', async () => {
    const said = errorText(await call({ ...MARCH, vehicle_id: '99' }))
    assert.equal(
      said,
      'vehicle_id 99 is not a vehicle; list_vehicles lists the vehicles and their ids',
    )
    assert.match(
      errorText(await call({ ...MARCH, latest_pick_up_date: '2027-04-14' })),
      /holds 45 pick-up dates; send at most 31/,
    )
  })
})
