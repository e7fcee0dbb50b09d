/**
 * JSON for people to read on /docs: indented like `JSON.stringify(value, null, 2)`, small flat
 * objects on one line (a depot's sixteen pickup times would otherwise fill a screen), and long
 * arrays cut after a few items with a line saying how many were left out. Output that was not
 * cut is still valid JSON.
 */
export type ShortJsonOptions = {
  /** Items shown of the outermost array (a list of depots or vehicles). */
  maxTopItems?: number
  /** Items shown of any array inside it. */
  maxNestedItems?: number
}

/** A flat object whose one-line form is at most this long is written on one line. */
const ONE_LINE_WIDTH = 72

export function shortJson(value: unknown, options: ShortJsonOptions = {}): string {
  const maxTop = options.maxTopItems ?? Number.POSITIVE_INFINITY
  const maxNested = options.maxNestedItems ?? Number.POSITIVE_INFINITY
  return write(value, '', true, maxTop, maxNested)
}

function write(
  value: unknown,
  indent: string,
  top: boolean,
  maxTop: number,
  maxNested: number,
): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    const limit = top ? maxTop : maxNested
    const shown = value.slice(0, limit)
    const lines = shown.map((item) => inner + write(item, inner, false, maxTop, maxNested))
    const hidden = value.length - shown.length
    const more = hidden > 0 ? `\n${inner}… ${hidden} more` : ''
    return `[\n${lines.join(',\n')}${more}\n${indent}]`
  }
  const entries = Object.entries(value).filter(([, item]) => item !== undefined)
  if (entries.length === 0) return '{}'
  const flat = entries.every(([, item]) => item === null || typeof item !== 'object')
  if (flat) {
    const oneLine = `{ ${entries.map(([key, item]) => `${JSON.stringify(key)}: ${JSON.stringify(item)}`).join(', ')} }`
    if (indent.length + oneLine.length <= ONE_LINE_WIDTH) return oneLine
  }
  const lines = entries.map(
    ([key, item]) =>
      `${inner}${JSON.stringify(key)}: ${write(item, inner, false, maxTop, maxNested)}`,
  )
  return `{\n${lines.join(',\n')}\n${indent}}`
}
