import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Progress, progressLine } from '../../src/cli/progress.ts'

describe('progressLine draws a count, or a bar when the total is known', () => {
  const rows = [
    { done: 0, total: 100_000, line: 'Writing  0 / 100,000   0% [------------------------]' },
    {
      done: 45_000,
      total: 100_000,
      line: 'Writing  45,000 / 100,000  45% [###########-------------]',
    },
    {
      done: 100_000,
      total: 100_000,
      line: 'Writing  100,000 / 100,000 100% [########################]',
    },
    { done: 120, total: 100, line: 'Writing  120 / 100 100% [########################]' },
    { done: 5_000, total: undefined, line: 'Writing  5,000' },
    { done: 3, total: 0, line: 'Writing  3' },
  ]
  for (const { done, total, line } of rows) {
    test(`${done} of ${total}`, () => {
      assert.equal(progressLine('Writing', done, total), line)
    })
  }
})

/** A stream that keeps what is written to it. */
function stream(isTTY: boolean) {
  const written: string[] = []
  return { isTTY, written, write: (text: string) => written.push(text) }
}

describe('Progress', () => {
  test('writes nothing when the output is not a terminal', () => {
    const output = stream(false)
    const progress = new Progress(output)
    progress.update('Writing', 1, 10)
    progress.update('Writing', 10, 10)
    progress.finish()
    assert.deepEqual(output.written, [])
  })

  test('on a terminal, redraws one line in place and ends it with a line break', () => {
    const output = stream(true)
    let now = 0
    const progress = new Progress(output, () => now)
    progress.update('Writing', 1, 4)
    now = 50
    // Too soon after the last drawing: skipped, unless the step is complete.
    progress.update('Writing', 2, 4)
    now = 80
    progress.update('Writing', 4, 4)
    progress.finish()
    assert.deepEqual(output.written, [
      `\r\x1b[2K${progressLine('Writing', 1, 4)}`,
      `\r\x1b[2K${progressLine('Writing', 4, 4)}`,
      '\n',
    ])
  })

  test('finishing without having drawn writes nothing', () => {
    const output = stream(true)
    new Progress(output).finish()
    assert.deepEqual(output.written, [])
  })
})
