import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { resolve } from 'node:path'

export const REPO_ROOT = resolve(import.meta.dirname, '..')

/** The built command, which `npm start` and the deployment run (README "Run and test"). */
const SERVICE_COMMAND = resolve(REPO_ROOT, 'dist/bin/rental-agent.js')

/**
 * Builds dist/ from the sources as `npm start` does before it starts, so that the bench measures
 * the code in front of it, not an earlier build.
 */
export function buildService(): void {
  execFileSync(
    process.execPath,
    [resolve(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    },
  )
}

/** A server running in a process of its own, apart from the load generator. */
export type ServerProcess = {
  baseUrl: string
  pid: number
  /** From spawn to the first 200 answer, in milliseconds. */
  startupMs: number
  /** Resident memory now (VmRSS), in bytes; undefined where /proc is not there. */
  rssBytes(): number | undefined
  /** CPU time (user and system) the process has used so far, in seconds; undefined without /proc. */
  cpuSeconds(): number | undefined
  stop(): Promise<void>
}

// The bench's own store settings never leak into a service that should use the embedded ones.
const STORE_VARIABLES = [
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_KEY_PREFIX',
  'FLEET_FILE',
  'DATA_DIR',
  // Nor its metrics and traces settings: each run sets its own.
  'METRICS_PORT',
  'METRICS_TOKEN',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
]

/**
 * The Node flags `npm start` passes (package.json's start script), so that the service is benched
 * as it runs: `--max-semi-space-size` bounds the young generation, and so the memory.
 */
export function startScriptNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string }
  }
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'))
}

/**
 * Starts `node dist/bin/rental-agent.js serve` as `npm start` does (its Node flags included) with the given environment and waits for its first 200 on
 * `readyPath`. The rate limit stays on, raised so that the load is never refused.
 */
export async function startService(options: {
  env: Record<string, string>
  nodeOptions?: string[]
  readyPath?: string
}): Promise<ServerProcess> {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of STORE_VARIABLES) delete env[name]
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT_MAX: '1000000000',
    LOG_LEVEL: 'warn',
    // Metrics on, as by default, on a free port: benched services may run side by side.
    METRICS_PORT: '0',
    ...options.env,
  })
  return startProcess(
    [...startScriptNodeFlags(), ...(options.nodeOptions ?? []), SERVICE_COMMAND, 'serve'],
    env,
    port,
    options.readyPath ?? '/api/agent/depots',
  )
}

/**
 * Runs `rental-agent <args>` (an operator's command) to its end, with the store settings of
 * `env`, and says how long it took from spawn to exit. Throws with its output when it fails.
 */
export async function runCommand(
  args: string[],
  env: Record<string, string>,
): Promise<{ ms: number; output: string }> {
  const merged: NodeJS.ProcessEnv = { ...process.env }
  for (const name of STORE_VARIABLES) delete merged[name]
  Object.assign(merged, { LOG_LEVEL: 'warn', ...env })
  const started = performance.now()
  const child = spawn(process.execPath, [...startScriptNodeFlags(), SERVICE_COMMAND, ...args], {
    cwd: REPO_ROOT,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const code = await new Promise<number | null>((done) => child.once('exit', done))
  const ms = performance.now() - started
  if (code !== 0) throw new Error(`rental-agent ${args.join(' ')} exited with ${code}:\n${output}`)
  return { ms, output }
}

/** Starts the bare node:http server on the recorded responses in `responsesFile`. */
export async function startBareServer(responsesFile: string): Promise<ServerProcess> {
  const port = await freePort()
  return startProcess(
    [resolve(import.meta.dirname, 'bare-server.ts'), responsesFile, String(port)],
    { ...process.env },
    port,
    '/',
    [200, 404],
  )
}

async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  readyPath: string,
  readyStatuses = [200],
): Promise<ServerProcess> {
  const started = performance.now()
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  const baseUrl = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${output}`)
    }
    if (performance.now() - started > 120_000) {
      await stopChild(child, exited)
      throw new Error(`${args.join(' ')} did not answer within 120 s:\n${output}`)
    }
    const status = await fetch(`${baseUrl}${readyPath}`).then(
      async (response) => {
        await response.arrayBuffer()
        return response.status
      },
      () => 0,
    )
    if (readyStatuses.includes(status)) break
    await new Promise((done) => setTimeout(done, 5))
  }
  const startupMs = performance.now() - started
  const pid = child.pid as number
  return {
    baseUrl,
    pid,
    startupMs,
    rssBytes: () => residentBytes(pid),
    cpuSeconds: () => cpuSeconds(pid),
    stop: () => stopChild(child, exited),
  }
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}

function residentBytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]
    return kilobytes === undefined ? undefined : Number(kilobytes) * 1024
  } catch {
    return undefined
  }
}

/** Clock ticks a second in /proc/<pid>/stat: 100 on every Linux Node runs on. */
const CLOCK_TICKS = 100

function cpuSeconds(pid: number): number | undefined {
  try {
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime and stime are fields 14 and 15, the 12th and 13th after the command name.
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  } catch {
    return undefined
  }
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}
