/** One thing wrong with a fleet file, located by its path inside the file and, when known, its line. */
export type FleetProblem = {
  /** Path inside the file, such as `vehicles[2].daily_rates.peak`. */
  path: string
  line?: number | undefined
  column?: number | undefined
  message: string
}

/** A fleet file that cannot be loaded; nothing was changed. Lists every problem found. */
export class FleetFileError extends Error {
  readonly file: string
  readonly problems: FleetProblem[]

  constructor(file: string, problems: FleetProblem[]) {
    super(
      `${file} is not a valid fleet file; nothing was loaded:\n${problems.map((problem) => `  ${formatProblem(file, problem)}`).join('\n')}`,
    )
    this.name = 'FleetFileError'
    this.file = file
    this.problems = problems
  }
}

export function formatProblem(file: string, problem: FleetProblem): string {
  const where = problem.line === undefined ? file : `${file}:${problem.line}:${problem.column ?? 1}`
  return `${where}: ${problem.path || '(top level)'}: ${problem.message}`
}
