import type { ChannelSenders } from '../notifications/channel-senders.ts'
import type { MessageSender, OutboxMessage } from '../notifications/outbox-message.ts'
import type { Tracing } from './tracing.ts'

/**
 * The outbox's senders with each delivery in a span (`email send`, `webhook send`): in the trace
 * of the request that booked or cancelled (a child of its store operation) when this process
 * wrote the message, else a trace of its own. The span names the message by its id and the server by its address, never a recipient.
 */
export function tracedSenders(
  senders: ChannelSenders,
  tracing: Tracing | undefined,
  servers: { email: string | undefined; webhook: string | undefined },
): ChannelSenders {
  if (!tracing) return senders
  return {
    email: traced(senders.email, tracing, 'email send', servers.email),
    webhook: senders.webhook && traced(senders.webhook, tracing, 'webhook send', servers.webhook),
  }
}

function traced<M extends OutboxMessage>(
  sender: MessageSender<M>,
  tracing: Tracing,
  name: string,
  server: string | undefined,
): MessageSender<M> {
  return {
    deliver: (message) =>
      tracing.inDeliverySpan(
        message.id,
        name,
        {
          'outbox.channel': message.channel,
          'outbox.message.id': message.id,
          ...(server ? { 'server.address': server } : {}),
        },
        () => sender.deliver(message),
      ),
    close: () => sender.close(),
  }
}
