import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport } from 'nodemailer'
import { InFlight } from './in-flight.ts'
import { DeliveryError, type EmailMessage, type MessageSender } from './outbox-message.ts'
import { mailOptions } from './smtp-email-sender.ts'

/*
 * Without a mail server (no SMTP_URL), each email is written as an RFC 822 file,
 * `<folder>/<message id>.eml`, the very bytes SMTP would have carried: any mail program opens it.
 * The file is written under a temporary name and renamed, so a reader never sees half of it; a
 * repeat of the same message writes the same file again rather than a second one.
 */

export function fileEmailSender(options: {
  folder: string
  from: string
}): MessageSender<EmailMessage> {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const inFlight = new InFlight()
  const write = async (message: EmailMessage) => {
    const { message: raw } = await composer.sendMail(mailOptions(message, options.from))
    const target = join(options.folder, `${message.id}.eml`)
    const temporary = `${target}.${process.pid}.tmp`
    try {
      await mkdir(options.folder, { recursive: true })
      await writeFile(temporary, raw as Buffer)
      await rename(temporary, target)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error'
      throw new DeliveryError(`could not write the email file in ${options.folder} (${code})`, {
        permanent: false,
        cause: error,
      })
    }
  }
  return {
    async deliver(message) {
      await inFlight.track(write(message))
    },
    async close() {
      await inFlight.settled()
      composer.close()
    },
  }
}
