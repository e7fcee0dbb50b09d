import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * An OpenTelemetry collector's OTLP/HTTP receiver, as small as it gets: a plain HTTP server that
 * takes what is posted to /v1/traces, answers 200 as a collector does, and keeps it. JSON bodies
 * (http/json) are read into spans; protobuf bodies (http/protobuf) are kept as bytes.
 */

export type ReceivedSpan = {
  traceId: string
  spanId: string
  parentSpanId: string | undefined
  name: string
  kind: number
  attributes: Record<string, string | number | boolean>
  links: { traceId: string; spanId: string }[]
  statusCode: number
  statusMessage: string
  resource: Record<string, string | number | boolean>
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean }
type KeyValue = { key: string; value: AnyValue }

export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = []
  readonly posts: { path: string; contentType: string; body: Buffer }[] = []
  private readonly server: Server

  private constructor(server: Server) {
    this.server = server
  }

  static async start(): Promise<OtlpReceiver> {
    const receiver: OtlpReceiver = new OtlpReceiver(
      createServer((request, response) => {
        const chunks: Buffer[] = []
        request.on('data', (chunk: Buffer) => chunks.push(chunk))
        request.on('end', () => {
          const body = Buffer.concat(chunks)
          const contentType = String(request.headers['content-type'])
          receiver.posts.push({ path: request.url ?? '', contentType, body })
          if (contentType.startsWith('application/json')) receiver.read(JSON.parse(String(body)))
          response.writeHead(200, { 'content-type': contentType })
          response.end(contentType.startsWith('application/json') ? '{}' : '')
        })
      }),
    )
    await new Promise<void>((listening) =>
      receiver.server.listen(0, '127.0.0.1', () => listening()),
    )
    return receiver
  }

  /** The base endpoint, as OTEL_EXPORTER_OTLP_ENDPOINT takes it. */
  get endpoint(): string {
    const { port } = this.server.address() as AddressInfo
    return `http://127.0.0.1:${port}`
  }

  /** The spans named so. */
  named(name: string): ReceivedSpan[] {
    return this.spans.filter((span) => span.name === name)
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise((closed) => this.server.close(closed))
  }

  private read(body: {
    resourceSpans?: {
      resource?: { attributes?: KeyValue[] }
      scopeSpans?: {
        spans?: {
          traceId: string
          spanId: string
          parentSpanId?: string
          name: string
          kind: number
          attributes?: KeyValue[]
          links?: { traceId: string; spanId: string }[]
          status?: { code?: number; message?: string }
        }[]
      }[]
    }[]
  }): void {
    for (const resourceSpans of body.resourceSpans ?? []) {
      const resource = attributesOf(resourceSpans.resource?.attributes)
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          this.spans.push({
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId || undefined,
            name: span.name,
            kind: span.kind,
            attributes: attributesOf(span.attributes),
            links: (span.links ?? []).map(({ traceId, spanId }) => ({ traceId, spanId })),
            statusCode: span.status?.code ?? 0,
            statusMessage: span.status?.message ?? '',
            resource,
          })
        }
      }
    }
  }
}

function attributesOf(list: KeyValue[] | undefined): Record<string, string | number | boolean> {
  const attributes: Record<string, string | number | boolean> = {}
  for (const { key, value } of list ?? []) {
    attributes[key] =
      value.stringValue ??
      (value.intValue !== undefined ? Number(value.intValue) : undefined) ??
      value.boolValue ??
      ''
  }
  return attributes
}
