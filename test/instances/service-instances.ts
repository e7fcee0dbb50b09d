import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/*
 * The service as separate processes, started as `npm start` starts it (`rental-agent serve`) with
 * the Node running the tests (Node 24 from node_modules), each on a free port of 127.0.0.1. Every
 * process a test file starts is stopped by `stopAll()` in its `after`, and killed when the test
 * process exits however it exits, so that a failed test never leaves a server holding a port.
 */

const PROJECT_DIR = resolve(import.meta.dirname, '../..')

/** Shared by every instance of a run, as instances behind one address must share it. */
export const COOKIE_SECRET = randomBytes(32).toString('base64url')

/**
 * The service's own settings: never inherited from the shell running the tests (a TRUSTED_PROXIES
 * or DATABASE_URL set there would change what is tested), only set by the test.
 */
const SERVICE_VARIABLES = [
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATA_DIR',
  'FLEET_FILE',
  'TIME_ZONE',
  'RATE_LIMIT_MAX',
  'RATE_LIMIT_WINDOW_SECONDS',
  'BOOKING_RATE_LIMIT_MAX',
  'QUOTE_TTL_MINUTES',
  'BOOKING_HORIZON_DAYS',
  'MAX_RENTAL_DAYS',
  'LOG_LEVEL',
  'IMAGES_DIR',
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_KEY_PREFIX',
  'TRUSTED_PROXIES',
  'COOKIE_SECRET',
  'FLEET_CHECK_SECONDS',
  'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS',
  'SMTP_URL',
  'MAIL_FROM',
  'WEBHOOK_URL',
  'WEBHOOK_SECRET',
  'OUTBOX_RETRY_SECONDS',
  'REQUEST_TIMEOUT_SECONDS',
  'METRICS_PORT',
  'METRICS_HOST',
  'METRICS_TOKEN',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_OTLP_PROTOCOL',
  'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL',
  'OTEL_SERVICE_NAME',
  // Set by node's test runner for its own children; the service is not one.
  'NODE_TEST_CONTEXT',
]

/** How long an instance may take from spawn to answering /health (4 start together on 2 cores). */
const START_TIMEOUT_MS = 30_000
/** How many ports an instance is started on before its start fails: another may take the first. */
const PORT_ATTEMPTS = 3
/** Kept of each instance's output, to show when it fails. */
const OUTPUT_KEPT = 20_000

/** A port nothing listens on now: bound as port 0, then released for the instance to take. */
export async function freePort(): Promise<number> {
  // A port is free only until someone binds it: two asked for one instance (its site and its
  // metrics) could be the same one, closed and handed out again, and the metrics then found the
  // site's port taken. Never the same port twice in a test process.
  for (;;) {
    const server = createServer()
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const address = server.address()
    server.close()
    await once(server, 'close')
    if (address === null || typeof address === 'string') throw new Error('no port was given')
    if (!portsGiven.has(address.port)) {
      portsGiven.add(address.port)
      return address.port
    }
  }
}

const portsGiven = new Set<number>()

export type InstanceOptions = {
  /** Shown in messages: which instance answered what. */
  name: string
  /** PostgreSQL; without it, the embedded SQLite in `dataDir`. */
  databaseUrl?: string
  /** Where the embedded database lives; a folder of its own under the run's by default. */
  dataDir?: string
  /** More settings: REDIS_URL and REDIS_KEY_PREFIX, TRUSTED_PROXIES, RATE_LIMIT_MAX, ... */
  env?: Record<string, string>
  /** Node's arguments before `serve`: the sources by default, the build (dist/) where tested. */
  command?: string[]
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null }

/** One answer, read whole, with how long it took from sending to its last byte. */
export type Answer = { status: number; headers: Headers; body: string; ms: number }

export type RequestOptions = {
  method?: string
  headers?: Record<string, string>
  body?: string
  /** Aborts after this long: a request that hangs fails the test instead of stalling it. */
  timeoutMs?: number
}

/** One running `rental-agent serve`. */
export class ServiceInstance {
  readonly name: string
  readonly port: number
  readonly url: string
  readonly child: ChildProcess
  /** Resolves when the process has exited. */
  readonly exited: Promise<Exit>
  /** Set once the process has exited. */
  exit: Exit | undefined
  private output = ''

  constructor(name: string, port: number, child: ChildProcess) {
    this.name = name
    this.port = port
    this.url = `http://127.0.0.1:${port}`
    this.child = child
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-OUTPUT_KEPT)
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    this.exited = new Promise((resolveExit) => {
      child.once('exit', (code, signal) => {
        this.exit = { code, signal }
        resolveExit(this.exit)
      })
    })
  }

  get running(): boolean {
    return this.exit === undefined
  }

  /** The last lines the process wrote, for a failure message. */
  log(): string {
    const text = this.output.trim()
    return text === ''
      ? `(${this.name} wrote nothing)`
      : `${this.name} wrote:\n${text.slice(-4000)}`
  }

  /**
   * Waits until the process has written a line matching `pattern`, and gives its log. What is
   * logged after the listen (the metrics port, the start-up line) may come after the first 200.
   */
  async waitForLog(pattern: RegExp, timeoutMs = 10_000): Promise<string> {
    const deadline = performance.now() + timeoutMs
    while (!pattern.test(this.output) && performance.now() < deadline && this.running) {
      await new Promise((done) => setTimeout(done, 25))
    }
    return this.log()
  }

  /** Sends one request and reads the whole answer. */
  async request(path: string, options: RequestOptions = {}): Promise<Answer> {
    const started = performance.now()
    const response = await fetch(`${this.url}${path}`, {
      method: options.method ?? 'GET',
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.body !== undefined ? { body: options.body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    })
    const body = await response.text()
    return {
      status: response.status,
      headers: response.headers,
      body,
      ms: performance.now() - started,
    }
  }

  /**
   * GET as a browser does, following the site's own redirect (a checkout link without a quote is
   * sent on to the same link with the quote it made).
   */
  async page(path: string, options: RequestOptions = {}): Promise<Answer> {
    const answer = await this.request(path, options)
    const location = answer.headers.get('location')
    if (answer.status !== 303 || location === null || !location.startsWith('/')) return answer
    return this.request(location, options)
  }

  /** Polls /health until it answers 200; fails with the process's output if it exits first. */
  async waitUntilHealthy(timeoutMs = START_TIMEOUT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      if (this.exit) {
        throw new Error(
          `${this.name} exited (code ${this.exit.code}, signal ${this.exit.signal}) before answering /health\n${this.log()}`,
        )
      }
      try {
        const answer = await this.request('/health', { timeoutMs: 1000 })
        if (answer.status === 200) return
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) {
        throw new Error(`${this.name} did not answer /health within ${timeoutMs} ms\n${this.log()}`)
      }
      await sleep(50)
    }
  }

  /**
   * Polls /ready until it answers 200: the store and the shared rate-limit count answer. /health
   * answers as soon as the process listens, maybe before its Redis connection is up.
   */
  async waitUntilReady(timeoutMs = START_TIMEOUT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const answer = await this.request('/ready', { timeoutMs: 2000 })
      if (answer.status === 200) return
      if (Date.now() > deadline || this.exit) {
        throw new Error(
          `${this.name} was not ready within ${timeoutMs} ms: ${answer.body}\n${this.log()}`,
        )
      }
      await sleep(50)
    }
  }

  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  async stop(graceMs = 5000): Promise<Exit> {
    if (this.exit) return this.exit
    this.child.kill('SIGTERM')
    // Unreferenced: once the process has exited, this timer must not keep the tests running.
    const grace = sleep(graceMs, undefined, { ref: false }).then(() => undefined)
    const exited = await Promise.race([this.exited, grace])
    if (exited) return exited
    this.child.kill('SIGKILL')
    return this.exited
  }
}

/** The instances of one test file, and their data folder; stopAll() in `after`. */
export class Instances {
  private readonly started: ServiceInstance[] = []
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'rental-instances-'))
  private readonly killOnExit = () => {
    for (const instance of this.started) if (instance.running) instance.child.kill('SIGKILL')
  }

  constructor() {
    // `after` does not run when the test process itself dies; this does (synchronously).
    process.once('exit', this.killOnExit)
  }

  /** The run's own folder, removed by stopAll(): data folders for SQLite instances go in it. */
  get folder(): string {
    return this.dataDir
  }

  /** Spawns one instance and waits until it answers /health. */
  async start(options: InstanceOptions): Promise<ServiceInstance> {
    const [instance] = await this.startTogether([options])
    return instance as ServiceInstance
  }

  /** Spawns every instance at the same moment, then waits until all answer /health. */
  async startTogether(all: InstanceOptions[]): Promise<ServiceInstance[]> {
    const ports = await Promise.all(all.map(() => freePort()))
    const instances = all.map((options, index) => this.spawn(options, ports[index] as number))
    return Promise.all(
      instances.map((instance, index) =>
        this.healthyOrAgain(instance, all[index] as InstanceOptions, PORT_ATTEMPTS),
      ),
    )
  }

  /**
   * The instance once it answers /health; one that found its port taken is started again on
   * another. A port is free when freePort hands it out, but until the instance listens on it
   * another may take it: an instance's metrics port (METRICS_PORT=0), or another test process.
   */
  private async healthyOrAgain(
    instance: ServiceInstance,
    options: InstanceOptions,
    attempts: number,
  ): Promise<ServiceInstance> {
    try {
      await instance.waitUntilHealthy()
      return instance
    } catch (error) {
      if (attempts <= 1 || !instance.log().includes('is already in use')) throw error
      this.started.splice(this.started.indexOf(instance), 1)
      return this.healthyOrAgain(this.spawn(options, await freePort()), options, attempts - 1)
    }
  }

  /** Stops every instance still running (SIGTERM, then SIGKILL) and removes the data folder. */
  async stopAll(): Promise<void> {
    await Promise.all(this.started.map((instance) => instance.stop()))
    process.off('exit', this.killOnExit)
    rmSync(this.dataDir, { recursive: true, force: true })
  }

  private spawn(options: InstanceOptions, port: number): ServiceInstance {
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !SERVICE_VARIABLES.includes(name)),
    )
    const command = options.command ?? ['bin/rental-agent.ts']
    const child = spawn(process.execPath, [...command, 'serve'], {
      cwd: PROJECT_DIR,
      env: {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        COOKIE_SECRET,
        LOG_LEVEL: 'warn',
        // Off unless a test turns it on: several instances starting at once on two cores block
        // their loops, and their first answers would be 503s that the test did not ask for.
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
        // Metrics on, as by default, but on a free port each: several instances run at once.
        METRICS_PORT: '0',
        // Unused with PostgreSQL; set so that nothing is ever written to the project's data/.
        DATA_DIR: options.dataDir ?? join(this.dataDir, options.name),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const instance = new ServiceInstance(options.name, port, child)
    this.started.push(instance)
    return instance
  }
}

/** The answer's body as JSON, with the body itself in the message when it is not JSON. */
export function jsonOf<T>(answer: Answer): T {
  try {
    return JSON.parse(answer.body) as T
  } catch {
    throw new Error(`not JSON (status ${answer.status}): ${answer.body.slice(0, 300)}`)
  }
}

/** Milliseconds as a figure for a report: `123 ms`. */
export function ms(value: number): string {
  return `${Math.round(value)} ms`
}
