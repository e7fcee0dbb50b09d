import { escapeHtml } from './html.ts'

/** Shades the badge is drawn in, one chosen by the name so that each company keeps its own. */
const COLOURS = ['#17603f', '#1d4e89', '#7a3b69', '#8a4b08', '#2f5d62', '#5b3a8c']

/**
 * A square badge with the company's initials (up to three), for a fleet file that names no logo:
 * pages, /docs and the plugin manifest show the company's own mark rather than another's.
 */
export function initialsLogo(name: string): string {
  const words = name.split(/\s+/).filter((word) => /\p{L}|\p{N}/u.test(word))
  const initials = words
    .map((word) => [...word.replace(/[^\p{L}\p{N}]/gu, '')][0] ?? '')
    .join('')
    .slice(0, 3)
    .toUpperCase()
  let hash = 0
  for (const character of name) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0
  const colour = COLOURS[hash % COLOURS.length]
  const size = initials.length > 2 ? 150 : 190
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512" role="img" aria-label="${escapeHtml(name)}">
  <title>${escapeHtml(name)}</title>
  <rect width="512" height="512" rx="112" fill="${colour}"/>
  <text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${escapeHtml(initials)}</text>
</svg>
`
}
