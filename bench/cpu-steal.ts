import { readFileSync } from 'node:fs'

/**
 * The machine's CPU time counters, from /proc/stat: all of it, and what the hypervisor took for
 * other guests (steal). A part of the bench run while a quarter of the CPU was taken measures the
 * neighbours as much as the service, so the report says how much was taken during each part.
 */
export type CpuTimes = { steal: number; total: number }

/** The first `cpu` line of /proc/stat: user nice system idle iowait irq softirq steal ... */
export function parseCpuTimes(procStat: string): CpuTimes | undefined {
  const line = procStat.split('\n').find((text) => text.startsWith('cpu '))
  const fields = line?.trim().split(/\s+/).slice(1, 9).map(Number)
  if (!fields || fields.length < 8 || fields.some((field) => !Number.isFinite(field))) {
    return undefined
  }
  // guest and guest_nice (fields 9 and 10) are already counted in user and nice.
  return { steal: fields[7] as number, total: fields.reduce((sum, field) => sum + field, 0) }
}

/** Now; undefined where there is no /proc/stat. */
export function cpuTimes(): CpuTimes | undefined {
  try {
    return parseCpuTimes(readFileSync('/proc/stat', 'utf8'))
  } catch {
    return undefined
  }
}

/** The share of the machine's CPU time between the two readings that was stolen. */
export function stolenShare(
  from: CpuTimes | undefined,
  to: CpuTimes | undefined,
): number | undefined {
  if (!from || !to || to.total <= from.total) return undefined
  return (to.steal - from.steal) / (to.total - from.total)
}
