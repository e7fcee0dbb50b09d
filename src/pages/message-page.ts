import { html } from '../docs/html.ts'
import { type Notice, noticeBox } from './notice.ts'
import { type PageContent, page } from './page-document.ts'

/**
 * A page that only says something: not found, refused, too many tries, unavailable. It shows
 * nothing of the request that led to it, so it can never echo a secret or a person's details.
 */
export function messagePage(title: string, notice: Notice, paragraphs: string[] = []): PageContent {
  return page(
    title,
    html`<h1>${title}</h1>
${noticeBox(notice)}
${paragraphs.map((text) => html`<p>${text}</p>\n`)}
<p class="actions"><a class="button" href="/book">Start a new search</a></p>`,
  )
}
