import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { loadConfig } from '../../src/config.ts'
import { apiRulesMarkdown } from '../../src/docs/api-rules.ts'
import { sectionTitled, splitSections } from '../../src/docs/markdown-sections.ts'
import { markdownToHtml, slug } from '../../src/docs/markdown-to-html.ts'

describe('markdownToHtml', () => {
  const cases: [string, string, string][] = [
    ['a paragraph, its lines joined', 'one\ntwo', '<p>one two</p>'],
    ['a heading with an id', '## Prices', '<h2 id="prices">Prices</h2>'],
    ['a numbered list', '1. a\n2. b', '<ol><li>a</li><li>b</li></ol>'],
    ['a bulleted list', '- a\n- b', '<ul><li>a</li><li>b</li></ul>'],
    ['inline code, escaped', 'send `a<b>`', '<p>send <code>a&lt;b&gt;</code></p>'],
    ['bold', 'a **b** c', '<p>a <strong>b</strong> c</p>'],
    ['markup as text', '<img src=x onerror=alert(1)>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>'],
    ['an indented line continuing a list item', '1. a\n   b', '<ol><li>a b</li></ol>'],
  ]
  for (const [what, markdown, expected] of cases) {
    test(what, () => {
      assert.equal(markdownToHtml(markdown), expected)
    })
  }

  test('shifts heading levels and prefixes their ids when asked', () => {
    assert.equal(
      markdownToHtml('## Dates and rental days', { headingOffset: 1, idPrefix: 'rules-' }),
      '<h3 id="rules-dates-and-rental-days">Dates and rental days</h3>',
    )
  })

  test('a heading straight after a list closes the list', () => {
    assert.equal(
      markdownToHtml('1. a\n## B\ntext'),
      '<ol><li>a</li></ol>\n<h2 id="b">B</h2>\n<p>text</p>',
    )
  })

  test('slug makes anchors of headings', () => {
    assert.equal(slug('Errors and limits'), 'errors-and-limits')
  })
})

describe('the API rules, cut into sections', () => {
  const rules = splitSections(apiRulesMarkdown(loadConfig({})))

  test('have a one-paragraph summary before the first section', () => {
    assert.match(rules.intro, /^Read-only API of a New Zealand car and campervan rental company/)
    assert.doesNotMatch(rules.intro, /\n/)
  })

  test('have the sections the documents place by title', () => {
    assert.match(sectionTitled(rules, 'Call order').body, /^1\. `GET \/depots`/)
    assert.match(sectionTitled(rules, 'Errors and limits').body, /^Errors are JSON/)
    assert.throws(() => sectionTitled(rules, 'No such section'), /no "## No such section"/)
  })
})
