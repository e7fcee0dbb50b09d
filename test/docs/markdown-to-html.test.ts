import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { markdownToHtml, slug } from '../../src/docs/markdown-to-html.ts'

describe('markdownToHtml renders the rules for /docs', () => {
  test('headings get an id from their text', () => {
    assert.match(
      markdownToHtml('## Errors and limits'),
      /<h2 id="errors-and-limits">Errors and limits<\/h2>/,
    )
  })

  test('shifts heading levels and prefixes their ids when asked', () => {
    const html = markdownToHtml('## Prices', { headingOffset: 1, idPrefix: 'rules-' })
    assert.match(html, /<h3 id="rules-prices">Prices<\/h3>/)
  })

  test('lists, inline code and bold render as HTML, with code escaped', () => {
    const html = markdownToHtml('1. `GET /depots` <b>\n2. **then** the rest')
    assert.match(html, /<ol>/)
    assert.match(html, /<code>GET \/depots<\/code>/)
    assert.match(html, /<strong>then<\/strong>/)
  })

  test('the whole rules text of the API renders without leftover Markdown markers', async () => {
    const { apiRulesMarkdown } = await import('../../src/docs/api-rules.ts')
    const { loadConfig } = await import('../../src/config.ts')
    const html = markdownToHtml(apiRulesMarkdown(loadConfig({}), 'Test Rentals'))
    assert.doesNotMatch(html, /(^|\s)## |\*\*|`/)
  })
})

describe('slug', () => {
  for (const [text, expected] of [
    ['Call order', 'call-order'],
    ['Dates and rental days', 'dates-and-rental-days'],
    ['  Errors & limits!  ', 'errors-limits'],
  ] as const) {
    test(`"${text}" is "${expected}"`, () => assert.equal(slug(text), expected))
  }
})
