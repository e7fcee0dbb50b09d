import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { TurnBatches, WAIT_FOR_WRITE_MS } from '../../src/store/turn-batches.ts'

const nextTurn = () => new Promise<void>((done) => setImmediate(done))

describe('turn batches', () => {
  test('what is added in one turn is written together at its end, the next turn apart', async () => {
    const writes: number[][] = []
    const batches = new TurnBatches<number>((items) => {
      writes.push([...items])
    })
    const first = [batches.add(1), batches.add(2), batches.add(3)]
    assert.deepEqual(writes, [])
    await Promise.all(first)
    assert.deepEqual(writes, [[1, 2, 3]])
    await batches.add(4)
    assert.deepEqual(writes, [[1, 2, 3], [4]])
  })

  test('an add settles only once its batch is written, by an asynchronous write too', async () => {
    let finish = () => {}
    const batches = new TurnBatches<string>(
      () =>
        new Promise<void>((done) => {
          finish = done
        }),
    )
    let settled = false
    const saved = batches.add('a').then(() => {
      settled = true
    })
    await nextTurn()
    await nextTurn()
    assert.equal(settled, false)
    finish()
    await saved
    assert.equal(settled, true)
  })

  test('while an asynchronous write is under way, what is added waits for it and goes in one write after it', async () => {
    const writes: number[][] = []
    const finishers: (() => void)[] = []
    const batches = new TurnBatches<number>(
      (items) =>
        new Promise<void>((done) => {
          writes.push([...items])
          finishers.push(done)
        }),
    )
    const first = batches.add(1)
    await nextTurn()
    assert.deepEqual(writes, [[1]])
    // Three turns' adds while the first write is under way: none is written yet.
    const later = [batches.add(2)]
    await nextTurn()
    later.push(batches.add(3))
    await nextTurn()
    later.push(batches.add(4))
    await nextTurn()
    assert.deepEqual(writes, [[1]])
    finishers[0]?.()
    await first
    await nextTurn()
    assert.deepEqual(writes, [[1], [2, 3, 4]])
    finishers[1]?.()
    await Promise.all(later)
    // Alone again: the next add is written at the end of its own turn.
    const alone = batches.add(5)
    await nextTurn()
    assert.deepEqual(writes, [[1], [2, 3, 4], [5]])
    finishers[2]?.()
    await alone
  })

  test('a write that hangs holds the next batch no longer than the wait limit', async () => {
    const started: { items: number[]; at: number }[] = []
    const batches = new TurnBatches<number>(
      (items) =>
        new Promise<void>((done) => {
          started.push({ items: [...items], at: performance.now() })
          // The first write never ends (a database that stopped answering); the next ends at once.
          if (started.length > 1) done()
        }),
    )
    void batches.add(1)
    await nextTurn()
    const added = performance.now()
    await batches.add(2)
    const waited = started[1] ? started[1].at - added : Number.POSITIVE_INFINITY
    assert.deepEqual(
      started.map((write) => write.items),
      [[1], [2]],
    )
    assert.ok(waited >= WAIT_FOR_WRITE_MS - 5, `went after ${waited.toFixed(0)} ms`)
    assert.ok(waited < WAIT_FOR_WRITE_MS + 200, `went after ${waited.toFixed(0)} ms`)
  })

  test('a failed write fails every add of its batch with its error, and the next batch is new', async () => {
    let fail = true
    const batches = new TurnBatches<number>(async () => {
      if (fail) throw new Error('disk full')
    })
    const adds = [batches.add(1), batches.add(2)]
    for (const add of adds) await assert.rejects(add, /disk full/)
    fail = false
    await batches.add(3)
  })

  test('a synchronous write that throws fails its adds too', async () => {
    const batches = new TurnBatches<number>(() => {
      throw new Error('locked')
    })
    await assert.rejects(batches.add(1), /locked/)
  })

  test('flush writes the waiting batch at once (before a store closes), and nothing twice', async () => {
    const writes: number[][] = []
    const batches = new TurnBatches<number>((items) => {
      writes.push([...items])
    })
    const saved = batches.add(1)
    void batches.flush()
    assert.deepEqual(writes, [[1]])
    await saved
    await nextTurn()
    await batches.flush()
    assert.deepEqual(writes, [[1]])
  })
})
