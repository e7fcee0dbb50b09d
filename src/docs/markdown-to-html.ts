import { Marked } from 'marked'
import { escapeHtml } from './html.ts'

/**
 * Renders the API's rules for /docs, so the page shows the same text the OpenAPI document and
 * /llms.txt publish instead of a second copy. The Markdown is our own, but it names the company of
 * the fleet file: raw HTML in it is shown as text, never run (see also markdownText).
 */
export type MarkdownOptions = {
  /** Added to every heading level: `## Prices` becomes an h3 with 1. */
  headingOffset?: number
  /** Prefixed to each heading's id, so two rendered documents cannot clash on one page. */
  idPrefix?: string
}

export function markdownToHtml(markdown: string, options: MarkdownOptions = {}): string {
  const offset = options.headingOffset ?? 0
  const prefix = options.idPrefix ?? ''
  const marked = new Marked({
    async: false,
    renderer: {
      html({ text }) {
        return escapeHtml(text)
      },
      heading({ tokens, depth, text }) {
        const level = Math.min(6, depth + offset)
        return `<h${level} id="${prefix}${slug(text)}">${this.parser.parseInline(tokens)}</h${level}>\n`
      },
    },
  })
  return marked.parse(markdown) as string
}

/** A heading's anchor: `Errors and limits` is `errors-and-limits`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/**
 * Text from the fleet file (the company's name) as Markdown that reads as the same text: the
 * characters Markdown would take as markup are escaped.
 */
export function markdownText(text: string): string {
  return text.replace(/[\\`*_[\]<>]/g, (character) => `\\${character}`)
}
