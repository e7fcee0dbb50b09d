import assert from 'node:assert/strict'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import Type from 'typebox'

/*
 * What the MCP Registry asks of a server.json, written here from the registry's documentation of
 * its server.json format (schema revision 2025-12-11) for the fields this server uses. The
 * registry's own schema file is named by URL in `$schema` and is not copied into the project.
 *
 * - name: a namespace in reverse-DNS form, one slash, the server's own name; 3 to 200 characters.
 * - description: 1 to 100 characters; title, when given, the same.
 * - version: one exact version (no "latest", no range), at most 255 characters.
 * - icons: an HTTPS `src` of at most 255 characters, a PNG, JPEG, SVG or WebP media type, sizes
 *   as `WxH` or `any`, a `light` or `dark` theme.
 * - remotes: at least one, each `streamable-http` or `sse` with its URL.
 * No other field than the format's own may appear, so a misspelt one is refused.
 */

/** The address the registry publishes its server.json schema at, revision 2025-12-11. */
export const REGISTRY_SCHEMA_URL =
  'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json'

const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength })
const Url = Type.String({ format: 'uri' })

const Icon = Type.Object(
  {
    src: Type.String({ format: 'uri', pattern: '^https://', maxLength: 255 }),
    mimeType: Type.Optional(
      Type.Union(
        ['image/png', 'image/jpeg', 'image/jpg', 'image/svg+xml', 'image/webp'].map((type) =>
          Type.Literal(type),
        ),
      ),
    ),
    sizes: Type.Optional(Type.Array(Type.String({ pattern: '^(\\d+x\\d+|any)$' }))),
    theme: Type.Optional(Type.Union([Type.Literal('light'), Type.Literal('dark')])),
  },
  { additionalProperties: false },
)

const Remote = Type.Object(
  {
    type: Type.Union([Type.Literal('streamable-http'), Type.Literal('sse')]),
    url: Url,
    headers: Type.Optional(Type.Array(Type.Object({}))),
    variables: Type.Optional(Type.Object({})),
  },
  { additionalProperties: false },
)

export const RegistryServerJson = Type.Object(
  {
    $schema: Type.Literal(REGISTRY_SCHEMA_URL),
    name: Type.String({
      minLength: 3,
      maxLength: 200,
      pattern: '^[a-zA-Z0-9-]+(\\.[a-zA-Z0-9-]+)*/[a-zA-Z0-9._-]+$',
    }),
    title: Type.Optional(Text(100)),
    description: Text(100),
    version: Type.String({ minLength: 1, maxLength: 255, pattern: '^(?!latest$)[^\\s^~<>=*|]+$' }),
    websiteUrl: Type.Optional(Url),
    repository: Type.Optional(Type.Object({ url: Url, source: Type.String() })),
    icons: Type.Optional(Type.Array(Icon)),
    packages: Type.Optional(Type.Array(Type.Object({}))),
    remotes: Type.Array(Remote, { minItems: 1 }),
    _meta: Type.Optional(Type.Object({})),
  },
  { additionalProperties: false },
)

let validate: ReturnType<Ajv['compile']> | undefined

/** Asserts a server.json has what the registry requires, with every fault Ajv finds. */
export function assertRegistryServerJson(document: unknown): void {
  if (!validate) {
    const ajv = new Ajv({ allErrors: true })
    addFormats.default(ajv)
    validate = ajv.compile(RegistryServerJson)
  }
  assert.ok(
    validate(document),
    `not what the MCP Registry takes: ${JSON.stringify(validate.errors, null, 1)}`,
  )
}
