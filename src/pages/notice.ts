import { html, type SafeHtml } from '../docs/html.ts'

/** A message above a page's content: `problem` when something went wrong, `info` otherwise. */
export type Notice = {
  kind: 'info' | 'problem'
  title: string
  message?: string | undefined
  /** Points after the message, as a list. */
  items?: string[] | undefined
  link?: { href: string; text: string } | undefined
}

export function noticeBox(notice: Notice): SafeHtml {
  return html`<div class="notice${notice.kind === 'problem' ? ' problem' : ''}" role="${notice.kind === 'problem' ? 'alert' : 'status'}">
<strong>${notice.title}</strong>
${notice.message ? html`<p>${notice.message}</p>` : ''}
${notice.items && notice.items.length > 0 ? html`<ul>${notice.items.map((item) => html`<li>${item}</li>`)}</ul>` : ''}
${notice.link ? html`<p><a href="${notice.link.href}">${notice.link.text}</a></p>` : ''}
</div>`
}
