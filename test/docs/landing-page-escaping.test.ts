import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { loadConfig } from '../../src/config.ts'
import type { ApiDescription } from '../../src/docs/api-operations.ts'
import { landingPage } from '../../src/docs/landing-page.ts'
import { companyNamed } from '../../src/domain/company.ts'
import { companyProfile } from '../../src/presenters/company-profile.ts'
import { SiteLinks } from '../../src/presenters/site-links.ts'

/*
 * The page interpolates text from configuration, the OpenAPI document and the fleet file; none
 * of it may become markup.
 */
const HOSTILE = '<script>alert(1)</script>'

describe('the landing page, given hostile text', () => {
  const settings = loadConfig({ PUBLIC_URL: 'https://rentals.example.com' })
  const api: ApiDescription = {
    title: `Agent API ${HOSTILE}`,
    version: '1.0.0"><b>',
    baseUrl: `https://rentals.example.com/api/agent?x="${HOSTILE}`,
    operations: [
      {
        method: 'GET',
        path: `/depots${HOSTILE}`,
        operationId: 'list_depots',
        summary: HOSTILE,
        description: '',
        parameters: [],
      },
    ],
  }
  const company = companyProfile(companyNamed(HOSTILE), new SiteLinks(settings.publicUrl))
  const page = landingPage({ settings, company, api, example: undefined, builtAt: new Date(0) })

  test('escapes it everywhere', () => {
    assert.doesNotMatch(page, /<script/)
    assert.doesNotMatch(page, /<b>/)
    assert.match(page, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/)
  })

  test('says so when there is no worked example to show', () => {
    assert.match(page, /No vehicle is free in the next few weeks/)
  })
})
