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
