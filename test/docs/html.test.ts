import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { escapeHtml, html, trustedHtml } from '../../src/docs/html.ts'

describe('html``', () => {
  test('escapes every interpolated string, in content and in attributes', () => {
    const name = `<script>alert("x")</script> & 'friends'`
    assert.equal(
      html`<p title="${name}">${name}</p>`.value,
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;</p>',
    )
  })

  test('inserts HTML it built itself, and arrays of it, as they are', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`)
    assert.equal(html`<ul>${items}</ul>`.value, '<ul><li>a&lt;b</li><li>c</li></ul>')
    assert.equal(html`${trustedHtml('<em>x</em>')}`.value, '<em>x</em>')
  })

  test('writes numbers, and nothing for null, undefined and false', () => {
    assert.equal(html`${42}|${null}|${undefined}|${false}`.value, '42|||')
  })

  test('escapeHtml leaves plain text alone', () => {
    assert.equal(escapeHtml('Auckland Airport'), 'Auckland Airport')
  })
})
