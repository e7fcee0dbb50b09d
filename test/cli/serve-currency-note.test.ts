import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { Instances } from '../instances/service-instances.ts'

/*
 * The currency and the tax are the agent contract's (NZD, GST 15%), not settings: a company whose
 * TIME_ZONE is elsewhere is told so when the service starts, not only by the README.
 */

const instances = new Instances()
after(() => instances.stopAll())

describe('rental-agent serve outside New Zealand', () => {
  test('warns at start that prices are New Zealand dollars with GST; a New Zealand zone does not', async () => {
    const perth = await instances.start({ name: 'perth', env: { TIME_ZONE: 'Australia/Perth' } })
    assert.equal((await perth.request('/api/agent/depots')).status, 200)
    assert.match(
      perth.log(),
      /TIME_ZONE Australia\/Perth is outside New Zealand, but every price is shown, emailed and explained as New Zealand dollars with GST \(15%\) included/,
    )
    const auckland = await instances.start({
      name: 'auckland',
      env: { TIME_ZONE: 'Pacific/Auckland' },
    })
    assert.equal((await auckland.request('/api/agent/depots')).status, 200)
    assert.doesNotMatch(auckland.log(), /outside New Zealand/)
  })
})
