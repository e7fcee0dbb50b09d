import { fileEmailSender } from './file-email-sender.ts'
import type { EmailMessage, MessageSender, WebhookMessage } from './outbox-message.ts'
import { smtpEmailSender } from './smtp-email-sender.ts'
import { webhookSender } from './webhook-sender.ts'

/** A sender for each channel the outbox delivers to; no webhook sender without WEBHOOK_URL. */
export type ChannelSenders = {
  email: MessageSender<EmailMessage>
  webhook: MessageSender<WebhookMessage> | undefined
}

export type ChannelSendersOptions = {
  /** SMTP_URL; without it, emails are written as .eml files in `emlDir`. */
  smtpUrl?: string
  mailFrom: string
  emlDir: string
  webhookUrl?: string
  webhookSecret?: string
}

export function openChannelSenders(options: ChannelSendersOptions): ChannelSenders {
  const email = options.smtpUrl
    ? smtpEmailSender({ url: options.smtpUrl, from: options.mailFrom })
    : fileEmailSender({ folder: options.emlDir, from: options.mailFrom })
  const webhook =
    options.webhookUrl && options.webhookSecret
      ? webhookSender({ url: options.webhookUrl, secret: options.webhookSecret })
      : undefined
  return { email, webhook }
}

/** Waits for the deliveries in hand, then closes every connection. */
export async function closeChannelSenders(senders: ChannelSenders): Promise<void> {
  await Promise.all([senders.email.close(), senders.webhook?.close()])
}
