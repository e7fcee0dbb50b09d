import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { describe, test } from 'node:test'
import { Ajv } from 'ajv'
import { parse } from 'yaml'
import {
  FLEET_SCHEMA_PATH,
  fleetJsonSchema,
  fleetJsonSchemaText,
} from '../../src/fleet/fleet-json-schema.ts'
import { buildTestApp, DEMO_FLEET_FILE, RULES_FLEET_FILE } from '../helpers/test-app.ts'

const COMMITTED_SCHEMA = resolve(import.meta.dirname, '../../fleets/fleet.schema.json')

describe('the fleet file JSON Schema', () => {
  test('fleets/fleet.schema.json is the schema the code checks files against', () => {
    assert.equal(
      readFileSync(COMMITTED_SCHEMA, 'utf8'),
      fleetJsonSchemaText(),
      'regenerate it: node bin/rental-agent.ts fleet schema fleets/fleet.schema.json',
    )
  })

  test(`is served at ${FLEET_SCHEMA_PATH}`, async () => {
    const { app, close } = await buildTestApp()
    try {
      const response = await app.inject(FLEET_SCHEMA_PATH)
      assert.equal(response.statusCode, 200)
      assert.equal(response.headers['content-type'], 'application/schema+json; charset=utf-8')
      assert.deepEqual(response.json(), fleetJsonSchema())
      assert.ok(response.headers.etag)
    } finally {
      await close()
    }
  })

  for (const file of [DEMO_FLEET_FILE, RULES_FLEET_FILE]) {
    test(`${file.split('/').slice(-2).join('/')} points editors at it, and is valid against it`, () => {
      const text = readFileSync(file, 'utf8')
      const match = /^# yaml-language-server: \$schema=(\S+)\n/.exec(text)
      assert.ok(match, 'the first line names the schema')
      assert.equal(resolve(dirname(file), match[1] as string), COMMITTED_SCHEMA)
      const validate = new Ajv({ allErrors: true, strict: false }).compile(fleetJsonSchema())
      assert.ok(validate(parse(text)), JSON.stringify(validate.errors))
    })
  }

  test('an editor validating with it flags an unknown field and a negative price', () => {
    const fleet = parse(readFileSync(RULES_FLEET_FILE, 'utf8'))
    fleet.depots[0].colour = 'blue'
    fleet.accessories[0].price = -1
    const validate = new Ajv({ allErrors: true, strict: false }).compile(fleetJsonSchema())
    assert.equal(validate(fleet), false)
    const paths = (validate.errors ?? []).map((error) => `${error.instancePath} ${error.keyword}`)
    assert.ok(paths.includes('/depots/0 additionalProperties'), paths.join('\n'))
    assert.ok(paths.includes('/accessories/0/price minimum'), paths.join('\n'))
  })
})

describe('the fleet file JSON Schema documents every field', () => {
  /** Every property of every object in the schema, with its path. */
  function fields(
    schema: Record<string, unknown>,
    path: string,
  ): [string, Record<string, unknown>][] {
    const found: [string, Record<string, unknown>][] = []
    const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>
    for (const [name, property] of Object.entries(properties)) {
      found.push([`${path}${name}`, property], ...fields(property, `${path}${name}.`))
    }
    const items = schema.items as Record<string, unknown> | undefined
    if (items) found.push(...fields(items, path.replace(/\.$/, '[].')))
    for (const branch of (schema.anyOf ?? []) as Record<string, unknown>[]) {
      found.push(...fields(branch, path))
    }
    return found
  }

  const all = fields(fleetJsonSchema(), '')

  test('it has the fields of every part of the file', () => {
    const paths = all.map(([path]) => path)
    for (const path of [
      'company.booking_reference_prefix',
      'company.logo',
      'depots[].address',
      'depots[].latitude',
      'depots[].directions',
      'depots[].annual_closures',
      'vehicles[].seats',
      'vehicles[].features',
      'bookings[].reference',
    ]) {
      assert.ok(paths.includes(path), `no ${path} among ${paths.join(', ')}`)
    }
  })

  for (const [path, schema] of all) {
    if (path === '$schema') continue
    test(`${path} has a description and an example`, () => {
      assert.ok(
        typeof schema.description === 'string' && schema.description.length > 0,
        'no description',
      )
      const examples = schema.examples as unknown[] | undefined
      assert.ok(Array.isArray(examples) && examples.length > 0, 'no example')
    })
  }
})

describe('the demo fleet uses every field the fleet file has', () => {
  test('each field of the schema appears in fleets/demo-fleet.yaml', () => {
    const demo = parse(readFileSync(DEMO_FLEET_FILE, 'utf8'))
    const used = new Set<string>()
    const visit = (value: unknown, path: string) => {
      if (Array.isArray(value)) {
        for (const item of value) visit(item, `${path}[]`)
      } else if (value !== null && typeof value === 'object') {
        for (const [key, item] of Object.entries(value)) {
          // Keys that are ids (units by depot, rates by season) are not field names.
          const field =
            /^\d+$/.test(key) || path.endsWith('daily_rates') || path.endsWith('minimum_days')
              ? '*'
              : key
          const next = path === '' ? field : `${path}.${field}`
          used.add(next)
          visit(item, next)
        }
      }
    }
    visit(demo, '')
    const schemaFields = (schema: Record<string, unknown>, path: string): string[] => {
      const out: string[] = []
      for (const [name, property] of Object.entries(
        (schema.properties ?? {}) as Record<string, Record<string, unknown>>,
      )) {
        const next = path === '' ? name : `${path}.${name}`
        out.push(next)
        const items = property.items as Record<string, unknown> | undefined
        if (items?.properties) out.push(...schemaFields(items, `${next}[]`))
        if (property.properties) out.push(...schemaFields(property, next))
      }
      return out
    }
    const unused = schemaFields(fleetJsonSchema(), '').filter(
      (field) => field !== '$schema' && !used.has(field),
    )
    assert.deepEqual(unused, [])
  })
})
