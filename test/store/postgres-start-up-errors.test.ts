import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { POSTGRES_SKIP, runCommand } from '../cli/cli-runner.ts'
import { ADMIN_URL } from './postgres-test-databases.ts'

/*
 * An operator whose DATABASE_URL is wrong learns which of three things is wrong, with the address
 * as given but never its password: the database does not exist (and how to create it), the
 * server refused the login, or no server answers there.
 */

const server = new URL(ADMIN_URL)
const at = (change: (url: URL) => void) => {
  const url = new URL(server.href)
  change(url)
  return url.href
}

describe('PostgreSQL start-up errors say what is wrong with DATABASE_URL', {
  skip: POSTGRES_SKIP,
}, () => {
  const rows = [
    {
      what: 'a database that does not exist',
      url: at((url) => {
        url.pathname = '/rentals_never_created'
      }),
      says: /^Cannot start: database "rentals_never_created" does not exist on the PostgreSQL server at .*; create it first, for example: createdb .*rentals_never_created$/m,
    },
    {
      what: 'a login the server refuses',
      url: at((url) => {
        url.username = 'no_such_rental_user'
        url.password = 'hunter2-secret'
      }),
      says: /^Cannot start: the PostgreSQL server at .* refused the login of user "no_such_rental_user" \(DATABASE_URL postgres:\/\/no_such_rental_user:\*\*\*@.*\); check the user name and password/m,
    },
    {
      what: 'a login the server refuses, its password given as a parameter',
      url: at((url) => {
        url.username = 'no_such_rental_user'
        url.searchParams.set('password', 'hunter2-secret')
      }),
      says: /^Cannot start: the PostgreSQL server at .* refused the login of user "no_such_rental_user" \(DATABASE_URL postgres:\/\/no_such_rental_user@.*\?password=\*\*\*\)/m,
    },
    {
      what: 'a server that is not there',
      url: at((url) => {
        url.port = '1'
      }),
      says: /^Cannot start: the PostgreSQL server at .*:1 cannot be reached \(DATABASE_URL .*: ECONNREFUSED\); check that it runs/m,
    },
  ]
  for (const { what, url, says } of rows) {
    test(`${what}: exit 1, a message that says so, no password`, async () => {
      const run = await runCommand(undefined, ['serve'], { DATABASE_URL: url, PORT: '39999' })
      assert.equal(run.code, 1, run.stdout)
      assert.match(run.stderr, says)
      assert.doesNotMatch(run.stderr, /hunter2/)
      assert.doesNotMatch(run.stderr, /at .*\.ts:\d+/, 'no stack trace')
    })
  }
})
