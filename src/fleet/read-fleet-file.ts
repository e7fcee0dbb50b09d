import { readFile } from 'node:fs/promises'
import Value from 'typebox/value'
import { type Document, isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml'
import { addDays, type CalendarDate, parseCalendarDate } from '../domain/calendar-date.ts'
import type { Booking, Catalogue } from '../domain/catalogue.ts'
import { checkFleet, type LocatedProblem } from './check-fleet.ts'
import { FleetFileError, type FleetProblem } from './fleet-file-error.ts'
import { type FleetFile, FleetFileSchema } from './fleet-file-schema.ts'
import { toCatalogue } from './to-catalogue.ts'

export type LoadedFleet = { catalogue: Catalogue; bookings: Booking[] }

type PathSegment = string | number

/**
 * Reads a fleet file (YAML, of which JSON is a subset) and returns it in cents, or throws a
 * FleetFileError listing every problem with its path, line and column. `today` resolves the
 * relative booking dates (`today+14`) that keep the demo company's bookings current.
 */
export async function readFleetFile(file: string, today: CalendarDate): Promise<LoadedFleet> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error)
    throw new FleetFileError(file, [{ path: '', message: `cannot be read: ${reason}` }])
  }
  return parseFleet(file, text, today)
}

export function parseFleet(file: string, text: string, today: CalendarDate): LoadedFleet {
  const lineCounter = new LineCounter()
  const document = parseDocument(text, { lineCounter, uniqueKeys: true })
  const fail = (problems: LocatedProblem[]): never => {
    throw new FleetFileError(
      file,
      problems.map(({ path, message, at }) => ({
        path: formatPath(path),
        ...locateInDocument(document, lineCounter, path, at ?? 'value'),
        message,
      })),
    )
  }

  if (document.errors.length > 0) {
    throw new FleetFileError(
      file,
      document.errors.map((error) => ({
        path: '',
        line: error.linePos?.[0].line,
        column: error.linePos?.[0].col,
        // The library's first line ends with "at line N, column M:", which the location gives.
        message: (error.message.split('\n')[0] ?? 'not valid YAML').replace(
          / at line \d+, column \d+:?$/,
          '',
        ),
      })),
    )
  }
  const data: unknown = document.toJS()
  const schemaProblems = [...Value.Errors(FleetFileSchema, data)]
    .filter((error) => error.keyword !== 'boolean')
    .map((error) => {
      const path = parsePointer(error.instancePath)
      const extra = error.params as { additionalProperties?: string[]; allowedValues?: unknown[] }
      if (error.keyword === 'additionalProperties' && extra.additionalProperties) {
        return {
          path: [...path, extra.additionalProperties[0] ?? ''],
          message: 'is not a known field',
          at: 'key' as const,
        }
      }
      if (error.keyword === 'enum' && extra.allowedValues) {
        return { path, message: `must be one of ${extra.allowedValues.join(', ')}` }
      }
      return { path, message: error.message }
    })
  if (schemaProblems.length > 0) fail(schemaProblems)

  const fleet = data as FleetFile
  const resolveDate = (value: string) => resolveFleetDate(value, today)
  const problems = checkFleet(fleet, resolveDate)
  if (problems.length > 0) fail(problems)
  return toCatalogue(fleet, resolveDate)
}

/** `YYYY-MM-DD`, or `today`, `today+N`, `today-N` counted from the loading day. */
export function resolveFleetDate(value: string, today: CalendarDate): CalendarDate | undefined {
  const relative = /^today([+-]\d+)?$/.exec(value)
  if (relative) return addDays(today, Number(relative[1] ?? 0))
  return parseCalendarDate(value)
}

function parsePointer(pointer: string): PathSegment[] {
  if (pointer === '') return []
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part))
}

/** `vehicles[2].daily_rates.peak` */
export function formatPath(path: PathSegment[]): string {
  return path
    .map((segment, i) =>
      typeof segment === 'number' ? `[${segment}]` : i === 0 ? segment : `.${segment}`,
    )
    .join('')
}

/**
 * The line and column of the path in the document: of the key itself when the problem is the key
 * (an unknown field), else of the value; of the deepest node the document has when it stops short.
 * Keys are matched as text, since `units: { 9: 1 }` has the number 9 as its key.
 */
function locateInDocument(
  document: Document,
  lineCounter: LineCounter,
  path: PathSegment[],
  at: 'key' | 'value',
): Pick<FleetProblem, 'line' | 'column'> {
  let node: unknown = document.contents
  let found: Range | undefined = rangeOf(node)
  for (const [depth, segment] of path.entries()) {
    if (isSeq(node)) {
      node = node.items[Number(segment)]
    } else if (isMap(node)) {
      const pair = node.items.find(
        (item) => String(isScalar(item.key) ? item.key.value : item.key) === String(segment),
      )
      if (at === 'key' && depth === path.length - 1 && pair) node = pair.key
      else node = pair?.value
    } else {
      break
    }
    const range = rangeOf(node)
    if (!range) break
    found = range
  }
  if (!found) return {}
  const { line, col } = lineCounter.linePos(found[0])
  return { line, column: col }
}

type Range = [number, number, number]

function rangeOf(node: unknown): Range | undefined {
  return (node as { range?: Range } | null | undefined)?.range ?? undefined
}
