import assert from 'node:assert/strict'
import { resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { CallToolResult } from '@modelcontextprotocol/client'
import { asToolArguments, startMcpOverHttp, structured } from './mcp-sessions.ts'

/*
 * An empty tool result is never silent: its text says why the list is empty (what the depot
 * stocks, what the fleet has, in which months an accessory is offered) and which tool and
 * arguments lead on. The fleet of another company (Southern Alps Campers) has the cases: Wanaka
 * (3) stocks no compact car, and the 4x4 wagon (3) has no accessory in January.
 */

const FLEET = resolve(import.meta.dirname, '../fixtures/southern-alps-fleet.yaml')

describe('MCP: empty answers state their reasons', () => {
  let session: Awaited<ReturnType<typeof startMcpOverHttp>>
  before(async () => {
    session = await startMcpOverHttp({ fleetFile: FLEET })
  })
  after(() => session.close())

  const said = async (name: string, params: Record<string, string>) => {
    const result = (await session.client.callTool({
      name,
      arguments: asToolArguments(params),
    })) as CallToolResult
    const content = structured<Record<string, unknown[]>>(result)
    assert.deepEqual(Object.values(content)[0], [], `${name} is not empty`)
    const [first] = result.content
    const text = first?.type === 'text' ? first.text : ''
    assert.doesNotMatch(text, /GET \//)
    return text
  }

  test('find_available_vehicles: the depot stocks no vehicle of the class asked for', async () => {
    const text = await said('find_available_vehicles', {
      pick_up_depot_id: '3',
      drop_off_depot_id: '3',
      pick_up_date: '2027-03-01',
      drop_off_date: '2027-03-05',
      vehicle_class: 'compact',
    })
    assert.match(
      text,
      /Wanaka \(pick_up_depot_id 3\) stocks no vehicle of class compact; list_vehicles with vehicle_class compact lists the depots that stock such vehicles\./,
    )
  })

  test('list_vehicles: which depots stock what the depot asked for does not', async () => {
    const text = await said('list_vehicles', { depot_id: '3', vehicle_class: 'compact' })
    assert.equal(
      text,
      'No vehicle of class compact is stocked at depot_id 3; depot 2 stocks such vehicles: send one of them as depot_id, or leave depot_id out.',
    )
  })

  test('list_vehicles: what the fleet has when nothing in it meets the filters', async () => {
    const text = await said('list_vehicles', { min_seats: '9' })
    assert.equal(
      text,
      'No vehicle with at least 9 seats is in the fleet: its classes are campervan, compact, motorhome, suv, and the most seats a vehicle has is 7.',
    )
  })

  test('list_accessories: none in the month of the pick-up, some in other months', async () => {
    const text = await said('list_accessories', {
      vehicle_id: '3',
      pick_up_date: '2027-01-20',
      drop_off_date: '2027-01-25',
    })
    assert.match(
      text,
      /^No accessory is offered for vehicle 3 picked up in the month of 2027-01-20; 1 is offered in other months/,
    )
  })
})
