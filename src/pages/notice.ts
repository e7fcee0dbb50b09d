import { html, type SafeHtml } from '../docs/html.ts'

/** A message above a page's content: `problem` when something went wrong, `info` otherwise. */
export type Notice = {
  kind: 'info' | 'problem'
  title: string
  message?: string | undefined
  link?: { href: string; text: string } | undefined
}

export function noticeBox(notice: Notice): SafeHtml {
  return html`<div class="notice${notice.kind === 'problem' ? ' problem' : ''}" role="${notice.kind === 'problem' ? 'alert' : 'status'}">
<strong>${notice.title}</strong>
${notice.message ? html`<p>${notice.message}</p>` : ''}
${notice.link ? html`<p><a href="${notice.link.href}">${notice.link.text}</a></p>` : ''}
</div>`
}
