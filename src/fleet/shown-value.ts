/** The longest value an error quotes; a longer one is cut, with its length said. */
const MAX_SHOWN_CHARACTERS = 60

/**
 * A value as an operator's error quotes it: as JSON, so that a control character (a terminal's
 * escape sequence) is written escaped, not obeyed, and cut when long, so that a file's content
 * is never pasted whole into a terminal or a log.
 */
export function shownValue(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value)
  if (json.length <= MAX_SHOWN_CHARACTERS) return json
  return `${json.slice(0, MAX_SHOWN_CHARACTERS)}... (${json.length} characters)`
}
