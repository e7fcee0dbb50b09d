import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { buildTestApp, DEMO_FLEET_FILE, SITE_URL } from '../helpers/test-app.ts'

type TestApp = Awaited<ReturnType<typeof buildTestApp>>

describe('GET /llms.txt', () => {
  let testApp: TestApp
  let text: string
  before(async () => {
    testApp = await buildTestApp({ fleetFile: DEMO_FLEET_FILE })
    const response = await testApp.app.inject('/llms.txt')
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8')
    text = response.body
  })
  after(async () => {
    await testApp.close()
  })

  test('starts with an H1 naming the API, then a one-paragraph blockquote summary', () => {
    const [title, blank, summary] = text.split('\n')
    assert.match(title ?? '', /^# Kiwi Roads Rentals Agent API$/)
    assert.equal(blank, '')
    assert.match(
      summary ?? '',
      /^> Read-only API of Kiwi Roads Rentals, a vehicle rental company, for AI agents/,
    )
    assert.equal(text.match(/^# /gm)?.length, 1)
  })

  test('links every discovery document from an H2 section', () => {
    const docs = /^## Docs\n\n([\s\S]*?)\n\n## /m.exec(text)?.[1] ?? ''
    for (const path of [
      '/docs',
      '/docs/api',
      '/openapi.yaml',
      '/openapi.json',
      '/llms.txt',
      '/.well-known/mcp/server.json',
      '/mcp/server-card',
      '/.well-known/ai-catalog.json',
      '/.well-known/ucp',
      '/.well-known/ai-plugin.json',
    ]) {
      assert.match(
        docs,
        new RegExp(
          `^- \\[[^\\]]+\\]\\(${SITE_URL}${path.replaceAll('.', '\\.')}\\): .+\\(read by .+\\)$`,
          'm',
        ),
      )
    }
    assert.match(docs, /Plugin manifest \(legacy\)/)
    assert.match(docs, /Server Card \(provisional\)/)
  })

  test('says how to check out over UCP: the profile, the checkout endpoint, the hand-over', () => {
    const ucp = /^## Check out over UCP\n([\s\S]*?)\n## /m.exec(text)?.[1] ?? ''
    assert.ok(ucp.includes(`POST ${SITE_URL}/ucp/checkout-sessions`))
    assert.match(ucp, /requires_escalation/)
    assert.match(ucp, /Kiwi Roads Rentals takes the booking on its website/)
  })

  test('has the call order, every endpoint with its parameters, and the rules', () => {
    const sections = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1])
    assert.deepEqual(sections.slice(0, 3), ['Docs', 'Call order', 'Endpoints'])
    for (const title of ['Dates and rental days', 'Prices', 'Errors and limits']) {
      assert.ok(sections.includes(title), `no ## ${title}`)
    }
    for (const operation of ['list_depots', 'find_available_vehicles', 'get_quote']) {
      assert.match(text, new RegExp(`\\(\`${operation}\`\\)`))
    }
    assert.match(text, /^ {2}- `accessory_ids` \(query, string, optional\): Comma-separated/m)
    assert.match(text, /Base URL: https:\/\/rentals\.example\.com\/api\/agent\./)
  })

  test('explains how to connect over MCP, with a client configuration for each transport', () => {
    const mcp = /^## Connect over MCP\n([\s\S]*?)\n## /m.exec(text)?.[1] ?? ''
    for (const tool of [
      'list_depots',
      'find_available_vehicles',
      'list_accessories',
      'list_insurance_plans',
      'get_quote',
    ]) {
      assert.ok(mcp.includes(`\`${tool}\``), tool)
    }
    const configs = [...mcp.matchAll(/```json\n([\s\S]*?)\n```/g)].map(
      (match) =>
        JSON.parse(match[1] ?? '') as { mcpServers: Record<string, Record<string, unknown>> },
    )
    assert.equal(configs.length, 2)
    const [http, stdio] = configs.map((config) => Object.values(config.mcpServers)[0])
    assert.deepEqual(http, { type: 'http', url: `${SITE_URL}/mcp` })
    assert.equal(stdio?.command, 'npm')
    assert.deepEqual((stdio?.args as string[] | undefined)?.slice(-3), ['--silent', 'run', 'mcp'])
  })
})
