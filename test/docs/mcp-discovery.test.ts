import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import { MCP_PROTOCOL_VERSIONS } from '../../src/docs/mcp-discovery.ts'
import { DEMO_FLEET, runCommand, sqliteTarget, type Target } from '../cli/cli-runner.ts'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import { startApi, type TestApi } from '../http/api-client.ts'
import { assertRegistryServerJson } from './registry-server-json.ts'

/*
 * How an MCP client finds this server before connecting: the MCP Registry's server.json (served,
 * and written by `rental-agent mcp manifest`, with every field the registry requires, and naming
 * the registry's schema by its URL),
 * and the Server Card of the current proposal with the AI Catalog that lists it. Each names the
 * company of the loaded fleet and the address of PUBLIC_URL.
 */

describe('the MCP discovery documents', () => {
  let api: TestApi
  before(async () => {
    api = await startApi({ fleetFile: DEMO_FLEET_FILE })
  })
  after(async () => {
    await api.close()
  })
  const get = (url: string) => api.app.inject({ method: 'GET', url })

  test('/.well-known/mcp/server.json has what the registry requires, its remote at PUBLIC_URL/mcp', async () => {
    const response = await get('/.well-known/mcp/server.json')
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['access-control-allow-origin'], '*')
    const server = response.json()
    assertRegistryServerJson(server)
    assert.equal(server.name, 'com.example.rentals/kiwi-roads-rentals')
    assert.equal(server.title, 'Kiwi Roads Rentals')
    assert.deepEqual(server.remotes, [
      { type: 'streamable-http', url: 'https://rentals.example.com/mcp' },
    ])
    assert.deepEqual(server.icons, [
      {
        src: 'https://rentals.example.com/images/kiwi-roads-logo.svg',
        mimeType: 'image/svg+xml',
        sizes: ['any'],
      },
    ])
  })

  test('the Server Card is at the MCP endpoint /server-card, open to any origin, listed by the AI Catalog', async () => {
    const response = await get('/mcp/server-card')
    assert.equal(response.statusCode, 200)
    assert.match(String(response.headers['content-type']), /^application\/mcp-server-card\+json/)
    assert.equal(response.headers['access-control-allow-origin'], '*')
    assert.equal(response.headers['cache-control'], 'public, max-age=3600')
    assert.ok(response.headers.etag)
    const card = response.json()
    assert.equal(
      card.$schema,
      'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
    )
    assert.equal(card.name, 'com.example.rentals/kiwi-roads-rentals')
    assert.deepEqual(card.remotes[0].supportedProtocolVersions, MCP_PROTOCOL_VERSIONS)
    const catalog = (await get('/.well-known/ai-catalog.json')).json()
    assert.deepEqual(catalog.entries, [
      {
        identifier: 'urn:air:rentals.example.com:mcp:kiwi-roads-rentals',
        type: 'application/mcp-server-card+json',
        url: 'https://rentals.example.com/mcp/server-card',
      },
    ])
  })

  test("the card's protocol versions are ones the SDK serves", async () => {
    const sdk = await import('@modelcontextprotocol/server')
    for (const version of MCP_PROTOCOL_VERSIONS) {
      assert.ok(
        sdk.SUPPORTED_PROTOCOL_VERSIONS.includes(version) || version === '2026-07-28',
        version,
      )
    }
  })
})

describe('rental-agent mcp manifest', () => {
  let target: Target
  before(async () => {
    target = sqliteTarget()
  })
  after(async () => {
    await target.close()
  })

  test('without a fleet, says how to load one', async () => {
    await (await target.openStore()).close()
    const run = await runCommand(target, ['mcp', 'manifest'])
    assert.equal(run.code, 1)
    assert.match(run.stderr, /holds no fleet yet.*fleet import/)
  })

  test("writes the registry's server.json for the stored company and PUBLIC_URL, to standard output or a file", async () => {
    assert.equal((await runCommand(target, ['fleet', 'import', DEMO_FLEET])).code, 0)
    const env = { PUBLIC_URL: 'https://book.kiwiroads.co.nz' }
    const printed = await runCommand(target, ['mcp', 'manifest'], env)
    assert.equal(printed.code, 0, printed.stderr)
    const server = JSON.parse(printed.stdout)
    assertRegistryServerJson(server)
    assert.equal(server.name, 'nz.co.kiwiroads.book/kiwi-roads-rentals')
    assert.equal(server.remotes[0].url, 'https://book.kiwiroads.co.nz/mcp')
    const file = target.write('server.json', '')
    const written = await runCommand(target, ['mcp', 'manifest', file], env)
    assert.equal(written.code, 0)
    assert.match(written.stdout, /Wrote the server.json of Kiwi Roads Rentals/)
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), server)
  })
})
