import assert from 'node:assert/strict'

/** Reading the landing page's HTML back in tests: its example requests, responses and links. */

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}

export function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
}

/** The URLs of the page's `curl` requests with a class, in order. */
export function requestUrls(page: string): string[] {
  return [...page.matchAll(/<pre class="request"><code>curl -s "(.*?)"<\/code><\/pre>/g)].map(
    (match) => unescapeHtml(match[1] ?? ''),
  )
}

/** The JSON shown in the response block with that id. */
export function responseJson<T>(page: string, id: string): T {
  const match = new RegExp(`<pre class="response" id="${id}"><code>([\\s\\S]*?)</code></pre>`).exec(
    page,
  )
  assert.ok(match, `no response block with id ${id}`)
  return JSON.parse(unescapeHtml(match[1] ?? '')) as T
}

/** Every href on the page, unescaped. */
export function hrefs(page: string): string[] {
  return [...page.matchAll(/\shref="([^"]*)"/g)].map((match) => unescapeHtml(match[1] ?? ''))
}

/** Dollars to cents without floating-point drift, for sums "to the cent". */
export function cents(dollars: number): number {
  return Math.round(dollars * 100)
}
