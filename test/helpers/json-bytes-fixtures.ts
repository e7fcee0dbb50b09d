import fc from 'fast-check'
import Fastify from 'fastify'
import Type, { type TSchema } from 'typebox'
import type { Cents } from '../../src/domain/money.ts'

/*
 * For the answers written as bytes rather than through their response schema's serialiser
 * (src/presenters/json-bytes.ts): the serialiser itself to hold them to, and generated catalogue
 * text and figures to hold them over.
 */

/** A list of `item` as Fastify's compiled response serialiser writes it for a route. */
export async function schemaSerialiser(item: TSchema) {
  const app = Fastify()
  let body: unknown
  app.get('/', { schema: { response: { 200: Type.Array(item) } } }, async () => body as never)
  await app.ready()
  return {
    serialise: async (value: unknown) => {
      body = value
      return (await app.inject('/')).body
    },
    close: () => app.close(),
  }
}

/** Catalogue text as an operator might write it: quotes, backslashes, control characters, any script. */
export const catalogueText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({
    unit: fc.constantFrom('"', '\\', '\n', '\t', '\u0000', '\u2028', 'ā', '/', 'a'),
    maxLength: 20,
  }),
  fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    maxLength: 50,
  }),
)

/** Mostly a rental's sizes, sometimes past 32 bits (the writer's integer shortcut stops there). */
export const cents = fc
  .oneof(
    { weight: 9, arbitrary: fc.integer({ min: 0, max: 10_000_000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 2 ** 31 - 1000, max: 2 ** 40 }) },
  )
  .map((value) => value as Cents)
