import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import { okBody } from '../http/api-client.ts'
import { startMcpOverHttp, structured } from './mcp-sessions.ts'

/* The depot and vehicle facts, and the availability filters, reach agents over MCP as over HTTP. */

const WEEK = {
  pick_up_depot_id: 1,
  drop_off_depot_id: 1,
  pick_up_date: '2027-03-01',
  drop_off_date: '2027-03-08',
}

describe('MCP: depot and vehicle facts, and the filters of find_available_vehicles', () => {
  let session: Awaited<ReturnType<typeof startMcpOverHttp>>
  before(async () => {
    session = await startMcpOverHttp({ fleetFile: DEMO_FLEET_FILE })
  })
  after(() => session.close())

  test('list_depots gives each depot its address and coordinates, as GET /depots does', async () => {
    const result = await session.client.callTool({ name: 'list_depots', arguments: {} })
    const { depots } = structured<{
      depots: { id: number; address?: string; latitude?: number }[]
    }>(result)
    assert.deepEqual(depots, okBody(await session.api.get('/depots')))
    assert.equal(depots[0]?.address, '4 Ray Emery Drive, Auckland Airport, Auckland 2022')
  })

  test('"the 7-seaters at Auckland Airport" is one call: min_seats 7 gives the Santa Fe with its seats', async () => {
    const result = await session.client.callTool({
      name: 'find_available_vehicles',
      arguments: { ...WEEK, min_seats: 7 },
    })
    const { vehicles } = structured<{ vehicles: { vehicleId: number; seats: number }[] }>(result)
    assert.deepEqual(
      vehicles.map((vehicle) => [vehicle.vehicleId, vehicle.seats]),
      [[4, 7]],
    )
  })

  test('an unknown class is a tool error naming vehicle_class and the classes there are', async () => {
    const result = await session.client.callTool({
      name: 'find_available_vehicles',
      arguments: { ...WEEK, vehicle_class: 'limousine' },
    })
    assert.equal(result.isError, true)
    const [content] = result.content as { type: string; text: string }[]
    assert.match(
      content?.text ?? '',
      /vehicle_class "limousine" is not a class of this fleet; send one of campervan, compact/,
    )
  })

  test('the tool publishes min_seats as an integer and vehicle_class as text', async () => {
    const { tools } = await session.client.listTools()
    const find = tools.find((tool) => tool.name === 'find_available_vehicles')
    const properties = find?.inputSchema.properties as Record<string, { type: string }>
    assert.equal(properties.min_seats?.type, 'integer')
    assert.equal(properties.vehicle_class?.type, 'string')
    assert.deepEqual(find?.inputSchema.required, [
      'pick_up_depot_id',
      'drop_off_depot_id',
      'pick_up_date',
      'drop_off_date',
    ])
  })
})
