import { escapeHtml } from './html.ts'

/**
 * A converter for the few Markdown constructs the API's rules are written in (headings,
 * numbered and bulleted lists, paragraphs, inline code, bold), so that /docs renders the same
 * Markdown the OpenAPI document and /llms.txt publish instead of keeping a second copy. Anything
 * else is shown as text, escaped.
 */
export type MarkdownOptions = {
  /** Added to every heading level: `## Prices` becomes an h3 with 1. */
  headingOffset?: number
  /** Prefixed to each heading's id, so two rendered documents cannot clash on one page. */
  idPrefix?: string
}

type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'paragraph'; lines: string[] }

const HEADING = /^(#{1,6})\s+(.*)$/
const ORDERED_ITEM = /^\d+\.\s+(.*)$/
const BULLET_ITEM = /^[-*]\s+(.*)$/

export function markdownToHtml(markdown: string, options: MarkdownOptions = {}): string {
  const offset = options.headingOffset ?? 0
  const prefix = options.idPrefix ?? ''
  return parseBlocks(markdown)
    .map((block) => {
      switch (block.kind) {
        case 'heading': {
          const level = Math.min(6, block.level + offset)
          return `<h${level} id="${escapeHtml(prefix + slug(block.text))}">${inline(block.text)}</h${level}>`
        }
        case 'list': {
          const tag = block.ordered ? 'ol' : 'ul'
          return `<${tag}>${block.items.map((item) => `<li>${inline(item)}</li>`).join('')}</${tag}>`
        }
        case 'paragraph':
          return `<p>${inline(block.lines.join(' '))}</p>`
        default:
          return block satisfies never
      }
    })
    .join('\n')
}

/** A heading's anchor: lower case words joined by hyphens ("Dates and rental days" -> dates-and-rental-days). */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

function parseBlocks(markdown: string): Block[] {
  const blocks: Block[] = []
  let open: Block | undefined
  const close = () => {
    if (open) blocks.push(open)
    open = undefined
  }
  for (const line of markdown.split('\n')) {
    const text = line.trim()
    const heading = HEADING.exec(text)
    const ordered = ORDERED_ITEM.exec(text)
    const bullet = BULLET_ITEM.exec(text)
    if (text === '') {
      close()
    } else if (heading) {
      close()
      blocks.push({ kind: 'heading', level: heading[1]?.length ?? 1, text: heading[2] ?? '' })
    } else if (ordered || bullet) {
      const isOrdered = ordered !== null
      const item = (ordered ?? bullet)?.[1] ?? ''
      if (open?.kind !== 'list' || open.ordered !== isOrdered) {
        close()
        open = { kind: 'list', ordered: isOrdered, items: [] }
      }
      open.items.push(item)
    } else if (open?.kind === 'list' && line.startsWith(' ')) {
      // An indented line continues the list item above it.
      const last = open.items.length - 1
      open.items[last] = `${open.items[last]} ${text}`
    } else {
      if (open?.kind !== 'paragraph') {
        close()
        open = { kind: 'paragraph', lines: [] }
      }
      open.lines.push(text)
    }
  }
  close()
  return blocks
}

/** Escapes the text, then turns `code` and **bold** into elements. */
function inline(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.length > 1 && part.startsWith('`') && part.endsWith('`')
        ? `<code>${escapeHtml(part.slice(1, -1))}</code>`
        : escapeHtml(part).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>'),
    )
    .join('')
}
