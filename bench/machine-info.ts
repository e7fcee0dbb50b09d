import { execFileSync } from 'node:child_process'
import { cpus, loadavg, release, totalmem } from 'node:os'
import { REPO_ROOT } from './service-process.ts'

/** What the figures were measured on, and from which code. */
export type MachineInfo = {
  cpuModel: string
  cores: number
  memoryBytes: number
  node: string
  os: string
  date: string
  commit: string
  /** One-minute load average when the bench started: above 0.5 or so, something else was running. */
  loadAtStart: number
}

export function machineInfo(): MachineInfo {
  const processors = cpus()
  return {
    cpuModel: processors[0]?.model.trim() ?? 'unknown',
    cores: processors.length,
    memoryBytes: totalmem(),
    node: process.version,
    os: `${process.platform} ${release()}`,
    date: new Date().toISOString(),
    commit: gitCommit(),
    loadAtStart: loadavg()[0] ?? 0,
  }
}

/** The commit benched, marked when the work tree had changes not committed. */
function gitCommit(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim()
    const commit = git('rev-parse', '--short', 'HEAD')
    const changed = git(
      'status',
      '--porcelain',
      '--untracked-files=no',
      '--',
      'src',
      'bench',
      'package.json',
    )
    return changed === '' ? commit : `${commit} (with uncommitted changes)`
  } catch {
    return 'unknown'
  }
}
