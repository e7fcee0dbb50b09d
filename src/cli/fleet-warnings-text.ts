import { type FleetProblem, formatProblem } from '../fleet/fleet-file-error.ts'

/** A fleet file's warnings as lines for the operator, or nothing when there are none. */
export function formatWarnings(file: string, warnings: FleetProblem[]): string {
  if (warnings.length === 0) return ''
  const lines = warnings.map((warning) => `  ${formatProblem(file, warning)}`)
  return `${warnings.length} warning(s) in ${file}; the file is valid and can be imported as it is:\n${lines.join('\n')}\n`
}
