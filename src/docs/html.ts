/**
 * HTML built by a tagged template that escapes every interpolated value unless it is already
 * HTML, so a depot name or an error message from a fleet file can never inject markup.
 */
export class SafeHtml {
  readonly value: string

  constructor(value: string) {
    this.value = value
  }

  toString(): string {
    return this.value
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made safe for element content and quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character)
}

/** Marks a string that is already HTML (from the Markdown converter, say) as safe to insert. */
export function trustedHtml(value: string): SafeHtml {
  return new SafeHtml(value)
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(render).join('')
  if (value === null || value === undefined || value === false) return ''
  return escapeHtml(String(value))
}

/** `html\`<p>${text}</p>\``: strings are escaped, SafeHtml and arrays of it are inserted as is. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? ''
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '')
  })
  return new SafeHtml(out)
}
