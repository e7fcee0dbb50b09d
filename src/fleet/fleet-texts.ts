import { UNSAFE_CHARACTER } from '../domain/unsafe-text.ts'
import type { LocatedProblem } from './check-fleet.ts'

/**
 * Every string of the file holding a character no text may (UNSAFE_CHARACTER: a YAML block
 * keeps tabs and newlines), with its path: values, and keys too (a class or season named as a
 * key reaches messages and pages as a value does).
 */
export function unsafeTexts(data: unknown): LocatedProblem[] {
  const problems: LocatedProblem[] = []
  const visit = (value: unknown, path: (string | number)[]) => {
    if (typeof value === 'string') {
      const match = UNSAFE_CHARACTER.exec(value)
      if (match) problems.push({ path, message: `${describe(match[0], match.index)}; remove it` })
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, [...path, i])
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const match = UNSAFE_CHARACTER.exec(key)
        if (match) {
          problems.push({
            path: [...path, key],
            at: 'key',
            message: `the key ${describe(match[0], match.index)}; remove it`,
          })
        }
        visit(item, [...path, key])
      }
    }
  }
  visit(data, [])
  return problems
}

function describe(character: string, index: number): string {
  const code = (character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')
  const kind = /\p{Cs}/u.test(character)
    ? 'half of a character (a lone surrogate)'
    : /[\u202a-\u202e\u2066-\u2069]/.test(character)
      ? 'a bidirectional text control'
      : 'a control character'
  return `holds ${kind}, U+${code}, at character ${index + 1}`
}
