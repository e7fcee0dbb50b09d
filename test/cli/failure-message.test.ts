import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { CommandError, failureMessage } from '../../src/cli/cli-support.ts'

/*
 * What a command prints when it fails reaches a terminal or a log: a control character that came
 * from a file or a setting (a terminal's escape sequence that clears the screen and writes a fake
 * "Imported") is shown escaped, never obeyed; line breaks and tabs stay.
 */
describe("a command's failure message", () => {
  test('shows control characters escaped, keeping line breaks and tabs', () => {
    const said = failureMessage(
      new CommandError('first\n\tsecond \u001b[2J\u001b[H\u009bthird\u0007'),
    )
    assert.equal(said, 'first\n\tsecond \\u001b[2J\\u001b[H\\u009bthird\\u0007')
  })

  test('so does an unexpected error, whose stack is still printed', () => {
    const said = failureMessage(new Error('bad \u001bc'))
    assert.match(said, /^Error: bad \\u001bc\n {4}at /)
  })
})
