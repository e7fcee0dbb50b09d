/*
 * Characters a text entered by a person or an operator must not hold: control characters (tab
 * and newline aside, which a multi-line text keeps), the bidirectional overrides and isolates that
 * make text read other than it is stored, and UTF-16 halves with no other half, which no encoding
 * can write. Each would reach pages, emails and the database as it is: PostgreSQL refuses NUL
 * outright.
 */

/** As a pattern's source: the escapes are read by RegExp, so no control character is in the file. */
const UNSAFE_SOURCE =
  '[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]|\\p{Cs}'

export const UNSAFE_CHARACTER = new RegExp(UNSAFE_SOURCE, 'u')

/** What else breaks a one-line text such as a name: tab, newline and the Unicode line breaks. */
const UNSAFE_IN_LINE = /[\t\n\u2028\u2029]/

/** True when a one-line text (a name, an address) holds a character it must not. */
export function unsafeInLine(text: string): boolean {
  return UNSAFE_CHARACTER.test(text) || UNSAFE_IN_LINE.test(text)
}

const UNSAFE_EVERYWHERE = new RegExp(UNSAFE_SOURCE, 'gu')

/** A multi-line text (a reason given) without those characters; its lines and tabs are kept. */
export function withoutUnsafeCharacters(text: string): string {
  return text.replace(UNSAFE_EVERYWHERE, '')
}
