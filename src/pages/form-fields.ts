import { html, type SafeHtml } from '../docs/html.ts'

/** Messages to show next to fields, by field name (the API's parameter names, for the search). */
export type FieldErrors = Partial<Record<string, string>>

/** The message shown above a field, read out with it (aria-describedby names its id). */
export function fieldError(id: string, message: string | undefined): SafeHtml {
  if (message === undefined) return html``
  return html`<span class="field-error" id="${id}-error"><span class="visually-hidden">Error: </span>${message}</span>`
}

/**
 * The attributes that tie a field to its error message, when it has one, and to its hint (the
 * error read first: what to fix before what the field is for).
 */
export function errorAttributes(id: string, message: string | undefined, hinted = false): SafeHtml {
  const describedBy = [message === undefined ? '' : `${id}-error`, hinted ? `${id}-hint` : '']
    .filter(Boolean)
    .join(' ')
  return html`${message === undefined ? '' : html` aria-invalid="true"`}${describedBy ? html` aria-describedby="${describedBy}"` : ''}`
}

export type TextFieldInput = {
  name: string
  label: string
  value: string
  type: 'text' | 'email' | 'tel' | 'date'
  autocomplete?: string
  error: string | undefined
  /** Extra attributes, already HTML (min, inputmode, spellcheck). */
  extra?: SafeHtml
  /** A line under the field that explains it, read out with it (aria-describedby). */
  hint?: string
}

/** A labelled input whose id is its name, so the error summary can link to it. */
export function textField(input: TextFieldInput): SafeHtml {
  const { name, label, value, type, autocomplete, error, hint } = input
  return html`<div class="field${error === undefined ? '' : ' has-error'}">
<label for="${name}">${label}</label>
${fieldError(name, error)}
<input type="${type}" id="${name}" name="${name}" value="${value}"${autocomplete ? html` autocomplete="${autocomplete}"` : ''} required${errorAttributes(name, error, hint !== undefined)}${input.extra ?? ''}>
${hint ? html`<p class="hint" id="${name}-hint">${hint}</p>` : ''}
</div>`
}

/**
 * The list of problems at the top of a form, each linking to its field, so a person on a phone
 * sees at once that something needs fixing further down.
 */
export function errorSummary(problems: { href: string; message: string }[]): SafeHtml {
  if (problems.length === 0) return html``
  // Focused as the page loads (tabindex -1 lets it take focus): the keyboard starts at the list of
  // what to fix, not at the top of the page with the masthead's link to Tab past first.
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">There is a problem</h2>
<ul>
${problems.map((problem) => html`<li><a href="${problem.href}">${problem.message}</a></li>\n`)}
</ul>
</div>`
}

/** Hidden inputs carrying parameters from one step to the next; absent values are left out. */
export function hiddenFields(parameters: Record<string, string | undefined>): SafeHtml {
  return html`${Object.entries(parameters).map(([name, value]) =>
    value === undefined ? '' : html`<input type="hidden" name="${name}" value="${value}">\n`,
  )}`
}
