import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { StdioLineCheck } from '../../src/mcp/stdio-line-check.ts'

/** Writes the chunks through a line check; gives what went on to the SDK and what was answered. */
async function through(chunks: Buffer[]): Promise<{ passed: string; answered: string[] }> {
  const answered: string[] = []
  const check = new StdioLineCheck((line) => answered.push(line))
  const pieces: string[] = []
  check.on('data', (piece: Buffer | string) => pieces.push(piece.toString()))
  const ended = new Promise((done) => check.on('end', done))
  for (const chunk of chunks) check.write(chunk)
  check.end()
  await ended
  return { passed: pieces.join(''), answered }
}

const PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}'

describe('the stdio line check', () => {
  test('a character whose bytes two reads split reaches the SDK whole', async () => {
    const line = Buffer.from(`{"jsonrpc":"2.0","id":"āā","method":"ping"}\n`)
    const split = line.indexOf(0xc4) + 1
    const { passed, answered } = await through([line.subarray(0, split), line.subarray(split)])
    assert.deepEqual(answered, [])
    assert.equal(passed, line.toString())
  })

  test('a line longer than 64 K characters is -32600 and dropped; the next line is read', async () => {
    const long = `{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"${'x'.repeat(70_000)}"}}`
    // In pieces, as a pipe delivers it, and the next message in the same read as its end.
    const chunks = [
      long.slice(0, 30_000),
      long.slice(30_000, 65_000),
      `${long.slice(65_000)}\n${PING}\n`,
    ]
    const { passed, answered } = await through(chunks.map((chunk) => Buffer.from(chunk)))
    assert.equal(answered.length, 1)
    assert.deepEqual(JSON.parse(answered[0] as string), {
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message:
          'Invalid Request: the line is longer than 64 K characters; an MCP message needs far less',
      },
      id: null,
    })
    assert.equal(passed, `${PING}\n`)
  })

  test('the last line, without its line break, is read at the end', async () => {
    const { passed } = await through([Buffer.from(`${PING}\n${PING}`)])
    assert.equal(passed, `${PING}\n${PING}\n`)
  })
})
