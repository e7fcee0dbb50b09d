import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { buildTestApp, DEMO_FLEET_FILE, SITE_URL } from '../helpers/test-app.ts'

type TestApp = Awaited<ReturnType<typeof buildTestApp>>

describe('GET /.well-known/ai-plugin.json, the plugin manifest', () => {
  let testApp: TestApp
  let manifest: Record<string, unknown>
  before(async () => {
    testApp = await buildTestApp({ fleetFile: DEMO_FLEET_FILE })
    const response = await testApp.app.inject('/.well-known/ai-plugin.json')
    assert.equal(response.statusCode, 200)
    assert.match(String(response.headers['content-type']), /^application\/json; charset=utf-8/)
    manifest = JSON.parse(response.body)
  })
  after(async () => {
    await testApp.close()
  })

  test('is a v1 manifest with no authentication', () => {
    assert.equal(manifest.schema_version, 'v1')
    assert.deepEqual(manifest.auth, { type: 'none' })
  })

  test('keeps the names within what plugin platforms accept', () => {
    const human = String(manifest.name_for_human)
    assert.ok(human.length > 0 && human.length <= 20, `name_for_human "${human}"`)
    assert.match(String(manifest.name_for_model), /^[A-Za-z0-9]{1,50}$/)
  })

  test('describes itself to people briefly and to models with the call order', () => {
    const human = String(manifest.description_for_human)
    const model = String(manifest.description_for_model)
    assert.ok(human.length > 0 && human.length <= 100, `description_for_human is ${human.length}`)
    assert.ok(model.length <= 8000, `description_for_model is ${model.length}`)
    const steps = ['GET /depots', 'GET /vehicles/availability', 'insurance-types', 'GET /quotes']
    const positions = steps.map((step) => model.indexOf(step))
    assert.ok(
      positions.every((position) => position >= 0),
      model,
    )
    assert.deepEqual(
      positions,
      [...positions].sort((a, b) => a - b),
    )
    assert.match(model, /give the person the quote's checkoutUrl/i)
  })

  test('points to the OpenAPI document in YAML, which is served', async () => {
    const api = manifest.api as { type: string; url: string }
    assert.equal(api.type, 'openapi')
    assert.equal(api.url, `${SITE_URL}/openapi.yaml`)
    assert.ok(api.url.endsWith('/openapi.yaml'))
    const response = await testApp.app.inject(new URL(api.url).pathname)
    assert.equal(response.statusCode, 200)
  })

  test("has the company's logo, served by the site as SVG", async () => {
    const logoUrl = String(manifest.logo_url)
    assert.equal(logoUrl, `${SITE_URL}/images/kiwi-roads-logo.svg`)
    const response = await testApp.app.inject(new URL(logoUrl).pathname)
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], 'image/svg+xml')
    assert.match(response.body, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    // Nothing outside the file: no linked image, font or style sheet.
    assert.doesNotMatch(response.body, /href=|url\(|@import|<image|<script/)
  })

  test("takes the name, the contact and the terms from the fleet file's company", () => {
    assert.equal(manifest.name_for_human, 'Kiwi Roads Rentals')
    assert.match(String(manifest.description_for_model), /^Read-only API of Kiwi Roads Rentals,/)
    assert.equal(manifest.contact_email, 'bookings@kiwiroads.example.com')
    assert.equal(manifest.legal_info_url, 'https://www.kiwiroads.example.com/terms')
  })

  test('a fleet with no logo and no terms: the initials badge and the terms on /docs', async () => {
    const plain = await buildTestApp()
    try {
      const response = await plain.app.inject('/.well-known/ai-plugin.json')
      const own = JSON.parse(response.body)
      assert.equal(own.logo_url, `${SITE_URL}/logo.svg`)
      assert.equal(own.legal_info_url, `${SITE_URL}/docs#terms`)
      const logo = await plain.app.inject('/logo.svg')
      assert.equal(logo.headers['content-type'], 'image/svg+xml')
      assert.match(logo.body, /<title>Rules Test Rentals<\/title>/)
      assert.match(logo.body, />RTR<\/text>/)
      assert.doesNotMatch(logo.body, /href=|url\(|@import|<image|<script/)
    } finally {
      await plain.close()
    }
  })
})
