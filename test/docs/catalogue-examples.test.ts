import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { buildTestApp, DEMO_FLEET_FILE, RULES_FLEET_FILE } from '../helpers/test-app.ts'
import { unescapeHtml } from './page-parts.ts'

/*
 * /llms.txt and /docs show GET /routes and GET /vehicles each with a one-line example made from
 * the loaded fleet: a request that answers 200 and the start of what it answers.
 */

type TestApp = Awaited<ReturnType<typeof buildTestApp>>

const API = '/api/agent'

/** `[{...}, {...}, … 2 more]` back to its items, each cut item ending in `, …}`. */
function shownItems(answer: string): string[] {
  const body = answer.replace(/^\[/, '').replace(/(, … \d+ more)?\]$/, '')
  return body.split(/(?<=\}), (?=\{)/)
}

for (const fleetFile of [DEMO_FLEET_FILE, RULES_FLEET_FILE]) {
  describe(`the catalogue examples of /llms.txt and /docs (${fleetFile.split('/').at(-1)})`, () => {
    let testApp: TestApp
    let llms: string
    let page: string
    before(async () => {
      testApp = await buildTestApp({ fleetFile })
      llms = (await testApp.app.inject('/llms.txt')).body
      page = unescapeHtml((await testApp.app.inject('/docs')).body)
    })
    after(async () => {
      await testApp.close()
    })

    for (const [operationId, path] of [
      ['list_routes', '/routes'],
      ['list_vehicles', '/vehicles'],
    ] as const) {
      test(`/llms.txt lists GET ${path} (${operationId}) with a one-line example that answers as shown`, async () => {
        const entry = new RegExp(
          `^- \`GET ${path}\` \\(\`${operationId}\`\\): .*\\n(?: {2}- .*\\n)*? {2}- Example: \`GET (${path}\\?[^\`]+)\` answers \`(.+)\`$`,
          'm',
        ).exec(llms)
        assert.ok(entry, `no example under GET ${path}`)
        const [, request, answer] = entry as unknown as [string, string, string]
        await assertAnswersAsShown(testApp, request, answer)
      })

      test(`/docs shows GET ${path} in the call order with the same example`, () => {
        const example = new RegExp(
          `<dt><code>GET ${path}</code> <span class="operation-id">${operationId}</span></dt><dd>[^<]+</dd>\\n<dd class="example">Example: <code>GET (${path}\\?[^<]+)</code> answers <code>([^<]+)</code></dd>`,
        ).exec(page)
        assert.ok(example, `no example under GET ${path} on /docs`)
        assert.ok(
          llms.includes(`Example: \`GET ${example[1]}\` answers \`${example[2]}\``),
          'the page and /llms.txt show the same example',
        )
      })
    }
  })
}

async function assertAnswersAsShown(testApp: TestApp, request: string, answer: string) {
  const response = await testApp.app.inject(`${API}${request}`)
  assert.equal(response.statusCode, 200, `${request} answered ${response.statusCode}`)
  const items = response.json<object[]>()
  const shown = shownItems(answer)
  assert.ok(shown.length > 0 && shown.length <= items.length)
  const hidden = /… (\d+) more\]$/.exec(answer)?.[1]
  assert.equal(Number(hidden ?? 0), items.length - shown.length, answer)
  shown.forEach((text, index) => {
    const item = items[index] as Record<string, unknown>
    if (!text.endsWith(', …}')) {
      assert.deepEqual(JSON.parse(text), item, text)
      return
    }
    // A cut item shows some of the fields, each as the API gives it.
    const fields = JSON.parse(`${text.slice(0, -', …}'.length)}}`) as Record<string, unknown>
    assert.ok(Object.keys(fields).length >= 3)
    for (const [key, value] of Object.entries(fields)) assert.deepEqual(value, item[key], key)
  })
}
