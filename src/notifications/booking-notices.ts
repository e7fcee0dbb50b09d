import type { Config } from '../config.ts'
import type { BookingRecord } from '../domain/booking.ts'
import type { CatalogueIndex } from '../domain/catalogue-index.ts'
import { companyProfile } from '../presenters/company-profile.ts'
import { SiteLinks } from '../presenters/site-links.ts'
import {
  companyNotice,
  type EmailContext,
  travellerCancellation,
  travellerConfirmation,
} from './booking-emails.ts'
import { bookingEventData } from './booking-event.ts'
import { newMessageId } from './message-id.ts'
import type { EmailMessage, OutboxMessage } from './outbox-message.ts'

/**
 * The messages a booking or a cancellation sends, made when it is written so that the store puts
 * them into the outbox in the same transaction: the traveller's email, the company's (or the
 * pick-up depot's) email, and, when the company has a webhook, a signed event. A message with no
 * address to go to (a booking from another channel without an email) is not made.
 */
export type BookingNotices = {
  /** `manageToken` opens the booking's page; only the traveller's email carries its link. */
  created(catalogue: CatalogueIndex, booking: BookingRecord, manageToken: string): OutboxMessage[]
  cancelled(catalogue: CatalogueIndex, booking: BookingRecord): OutboxMessage[]
}

export type NoticeSettings = {
  links: SiteLinks
  timeZone: string
  /** Events are written only when a receiver is configured (WEBHOOK_URL). */
  webhook: boolean
  /** MAIL_FROM: the emails' sender; by default the company's name and email. */
  mailFrom: string | undefined
  now: () => Date
}

/** The notices as the service and the operator's commands make them, from the configuration. */
export function bookingNoticesFor(config: Config, now: () => Date): BookingNotices {
  return bookingNotices({
    links: new SiteLinks(config.publicUrl),
    timeZone: config.timeZone,
    webhook: config.webhookUrl !== undefined,
    mailFrom: config.mailFrom,
    now,
  })
}

export function bookingNotices(settings: NoticeSettings): BookingNotices {
  const context = (catalogue: CatalogueIndex): EmailContext => ({
    catalogue,
    company: companyProfile(catalogue.catalogue.company, settings.links),
    timeZone: settings.timeZone,
  })
  // The sender each email is written with: MAIL_FROM, else the company itself when it has an
  // address, else an address at the site's own host.
  const from = (catalogue: CatalogueIndex) => {
    if (settings.mailFrom) return settings.mailFrom
    const { name, email } = catalogue.catalogue.company
    const address = email ?? `bookings@${new URL(settings.links.siteUrl).hostname}`
    return `"${name.replace(/["\\\r\n]/g, '')}" <${address}>`
  }
  const email = (catalogue: CatalogueIndex, draft: EmailDraft | undefined): EmailMessage[] => {
    if (!draft) return []
    // An optional field left undefined is left out, so the stored JSON reads back the same.
    const message: EmailMessage = {
      channel: 'email',
      id: newMessageId(),
      from: from(catalogue),
      to: draft.to,
      subject: draft.subject,
      text: draft.text,
    }
    if (draft.html !== undefined) message.html = draft.html
    if (draft.replyTo !== undefined) message.replyTo = draft.replyTo
    return [message]
  }
  const event = (type: string, catalogue: CatalogueIndex, booking: BookingRecord) =>
    settings.webhook
      ? [
          {
            channel: 'webhook' as const,
            id: newMessageId(),
            type,
            timestamp: settings.now().toISOString(),
            data: bookingEventData(booking, catalogue, settings.timeZone),
          },
        ]
      : []
  return {
    created(catalogue, booking, manageToken) {
      const emails = context(catalogue)
      const manageUrl = settings.links.manageBooking(manageToken)
      return [
        ...email(catalogue, travellerConfirmation(emails, booking, manageUrl)),
        ...email(catalogue, companyNotice(emails, booking, 'created')),
        ...event('booking.created', catalogue, booking),
      ]
    },
    cancelled(catalogue, booking) {
      const emails = context(catalogue)
      return [
        ...email(catalogue, travellerCancellation(emails, booking)),
        ...email(catalogue, companyNotice(emails, booking, 'cancelled')),
        ...event('booking.cancelled', catalogue, booking),
      ]
    },
  }
}

type EmailDraft = Omit<EmailMessage, 'channel' | 'id' | 'from'>
