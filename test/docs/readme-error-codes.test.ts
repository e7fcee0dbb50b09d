import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { test } from 'node:test'
import { INVALID_REQUEST_CODES, UNAVAILABLE_CODES } from '../../src/domain/errors.ts'

/*
 * The README's table of errors names every code the API answers 400 and 404 with, as /docs and
 * llms.txt do (they are built from the same lists); written by hand, it fell behind them.
 */

const README = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8')

function tableRow(status: string): string {
  const row = README.split('\n').find((line) => line.startsWith(`| ${status} |`))
  assert.ok(row, `README's table of errors has a ${status} row`)
  return row
}

test("the README's table of errors names every 400 and 404 code", () => {
  const rows = [
    ['400', INVALID_REQUEST_CODES],
    ['404', UNAVAILABLE_CODES],
  ] as const
  for (const [status, codes] of rows) {
    const row = tableRow(status)
    const missing = codes.filter((code) => !row.includes(`\`${code}\``))
    assert.deepEqual(missing, [], `the ${status} row misses ${missing.join(', ')}`)
  }
})
