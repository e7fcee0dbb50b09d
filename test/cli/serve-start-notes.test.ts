import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { Instances } from '../instances/service-instances.ts'

/*
 * What `rental-agent serve` tells its operator as it starts, before a traveller finds out. The
 * currency and the tax are the agent contract's (NZD, GST 15%), not settings: a company whose
 * TIME_ZONE is elsewhere is told so. A setting mistyped is said to be ignored; where the data and
 * the emails go is said; so is the demo company served at a public address.
 */

const instances = new Instances()
after(() => instances.stopAll())

describe('rental-agent serve outside New Zealand', () => {
  test('warns at start that prices are New Zealand dollars with GST; a New Zealand zone does not', async () => {
    const perth = await instances.start({ name: 'perth', env: { TIME_ZONE: 'Australia/Perth' } })
    assert.equal((await perth.request('/api/agent/depots')).status, 200)
    // Said after the listen, so perhaps after the first answer.
    const outside =
      /TIME_ZONE Australia\/Perth is outside New Zealand, but every price is shown, emailed and explained as New Zealand dollars with GST \(15%\) included/
    assert.match(await perth.waitForLog(outside), outside)
    const auckland = await instances.start({
      name: 'auckland',
      env: { TIME_ZONE: 'Pacific/Auckland' },
    })
    assert.equal((await auckland.request('/api/agent/depots')).status, 200)
    // Its start-up line says it is served, and nothing about New Zealand came before.
    await auckland.waitForLog(/dates in Pacific\/Auckland/, 3000)
    assert.doesNotMatch(auckland.log(), /outside New Zealand/)
  })
})

describe('rental-agent serve names what it was given, and what it ignored', () => {
  test('a mistyped setting is warned as ignored, and the start-up line says where data and emails go', async () => {
    const typo = await instances.start({
      name: 'typo',
      env: { SMTP_URI: 'smtp://127.0.0.1:2525', REDIS_HOST: 'cache', LOG_LEVEL: 'info' },
    })
    assert.equal((await typo.request('/api/agent/depots')).status, 200)
    const log = await typo.waitForLog(/agent API at/)
    assert.match(
      log,
      /SMTP_URI is not a setting of this service, so it is ignored: did you mean SMTP_URL\?/,
    )
    assert.match(
      log,
      /REDIS_HOST is not a setting of this service, so it is ignored; its REDIS_ settings are REDIS_KEY_PREFIX, REDIS_URL/,
    )
    assert.match(
      log,
      /agent API at http:\/\/127\.0\.0\.1:\d+\/api\/agent \(data in the SQLite database \S+rental\.db; rate limits counted in memory; emails written as files in \S+outbox; dates in Pacific\/Auckland\)/,
    )
    // Tried on this machine's own address, the demo company is no warning.
    assert.doesNotMatch(log, /demo company/)
  })

  test('the demo company served at a public address is warned, with the command that replaces it', async () => {
    const demo = await instances.start({
      name: 'public-demo',
      env: { PUBLIC_URL: 'https://rentals.example.com' },
    })
    assert.equal((await demo.request('/api/agent/depots')).status, 200)
    assert.match(
      await demo.waitForLog(/demo company/),
      /Kiwi Roads Rentals is the demo company of the built-in fleet file, served at https:\/\/rentals\.example\.com: travellers could book with it; load your own fleet with `rental-agent fleet import FILE`/,
    )
  })
})
