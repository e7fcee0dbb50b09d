import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after } from 'node:test'
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts'
import { describeOperatorStoreContract } from './operator-store-contract.ts'
import { describeStoreContract } from './store-contract.ts'

// A real file, not :memory:, so WAL mode and the migrations run as they do in production.
const dir = mkdtempSync(join(tmpdir(), 'rental-store-'))
let opened = 0
after(() => rmSync(dir, { recursive: true, force: true }))

describeStoreContract('SQLite', async () => SqliteStore.open(join(dir, `store-${++opened}.db`)))
describeOperatorStoreContract('SQLite', async () =>
  SqliteStore.open(join(dir, `store-${++opened}.db`)),
)
