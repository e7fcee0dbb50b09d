import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import fc from 'fast-check'
import { DEMO_FLEET_FILE } from '../helpers/test-app.ts'
import { startApi, type TestApi } from '../http/api-client.ts'
import { loadContract, type ResponseContract } from '../http/openapi-contract.ts'
import { ENDPOINTS } from './hostile-requests.ts'
import { PROPERTY_SEED, TEST_RUNS_PER_ENDPOINT } from './property-settings.ts'
import { apiProblems, pageProblems } from './response-checks.ts'

/*
 * Generated hostile requests against every endpoint (test/reliability/hostile-requests.ts): no
 * 5xx, every API 400 a JSON error naming its parameter, every answer as the published document
 * says, no stack trace, SQL or driver text anywhere. A CI-sized run; `npm run reliability` runs
 * 10,000 per endpoint.
 */

describe(`hostile requests (fast-check, ${TEST_RUNS_PER_ENDPOINT} per endpoint, seed ${PROPERTY_SEED})`, () => {
  let api: TestApi
  let contract: ResponseContract
  before(async () => {
    api = await startApi({ fleetFile: DEMO_FLEET_FILE, env: { BOOKING_RATE_LIMIT_MAX: '1000000' } })
    contract = await loadContract((url) => api.app.inject({ method: 'GET', url }))
  })
  after(async () => {
    await api.close()
  })

  for (const endpoint of ENDPOINTS) {
    test(`${endpoint.name}: no 5xx, clear 4xx, nothing leaked`, async (t) => {
      const statuses = new Map<number, number>()
      await fc.assert(
        fc.asyncProperty(endpoint.requests, async (request) => {
          const response = await api.app.inject({ method: 'GET', url: request.url })
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
          const problems =
            endpoint.kind === 'api'
              ? apiProblems(request, response, contract)
              : pageProblems(request, response)
          assert.deepEqual(
            problems,
            [],
            `GET ${request.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
          )
        }),
        { seed: PROPERTY_SEED, numRuns: TEST_RUNS_PER_ENDPOINT },
      )
      const seen = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status} x${count}`)
      t.diagnostic(`statuses: ${seen.join(', ')}`)
    })
  }
})
