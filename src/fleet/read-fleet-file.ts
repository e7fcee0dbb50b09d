import { readFile } from 'node:fs/promises'
import { Settings } from 'typebox/system'
import Value from 'typebox/value'
import { type Document, isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml'
import { addDays, type CalendarDate, parseCalendarDate } from '../domain/calendar-date.ts'
import type { Booking, Catalogue } from '../domain/catalogue.ts'
import { nearestWord } from '../domain/edit-distance.ts'
import { spellingKey } from '../schemas/parameter-spelling.ts'
import { checkFleet, type FleetInput, type LocatedProblem } from './check-fleet.ts'
import { FleetFileError, type FleetProblem } from './fleet-file-error.ts'
import { type FleetFile, FleetFileSchema } from './fleet-file-schema.ts'
import { unsafeTexts } from './fleet-texts.ts'
import { fleetWarnings } from './fleet-warnings.ts'
import { shownValue } from './shown-value.ts'
import { toCatalogue } from './to-catalogue.ts'

export type LoadedFleet = {
  catalogue: Catalogue
  bookings: Booking[]
  /** What the file may get wrong without breaking anything, located like problems (exit 0). */
  warnings: FleetProblem[]
}

export type ReadFleetOptions = {
  /** The images folder the service serves, to warn of image files that are not in it. */
  imagesDir?: string | undefined
}

type PathSegment = string | number

/**
 * Reads a fleet file (YAML, of which JSON is a subset) and returns it in cents, or throws a
 * FleetFileError listing every problem with its path, line and column: the schema's, the
 * cross-references' and the texts' alike, in one pass and in file order. `today` resolves the
 * relative booking dates (`today+14`) that keep the demo company's bookings current.
 */
export async function readFleetFile(
  file: string,
  today: CalendarDate,
  options: ReadFleetOptions = {},
): Promise<LoadedFleet> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error)
    throw new FleetFileError(file, [{ path: '', message: `cannot be read: ${reason}` }])
  }
  return parseFleet(file, text, today, options)
}

export function parseFleet(
  file: string,
  text: string,
  today: CalendarDate,
  options: ReadFleetOptions = {},
): LoadedFleet {
  const lineCounter = new LineCounter()
  const document = parseDocument(text, { lineCounter, uniqueKeys: true })
  const locate = (problems: LocatedProblem[]): FleetProblem[] =>
    problems
      .map(({ path, message, at }) => ({
        path: formatPath(path),
        ...locateInDocument(document, lineCounter, path, at ?? 'value'),
        message,
      }))
      .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0))

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
  let data: unknown
  try {
    data = document.toJS()
  } catch {
    // The library's message repeats the alias, which may be anything typed after its star.
    throw new FleetFileError(file, [
      {
        path: '',
        message:
          'a YAML alias (*name) names no anchor (&name) set before it; set the anchor first, or write the value out',
      },
    ])
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    // Said whole, the file (an export of bookings, say) went into the error, details and all.
    throw new FleetFileError(file, [
      { path: '', line: 1, column: 1, message: notAFleet(text, data) },
    ])
  }
  // A value that matches no form of a union (a closure, say) is one problem, said once: the
  // union's own error, not each of its forms' errors.
  const schemaErrors = allSchemaErrors(data).filter(
    (error) => error.keyword !== 'boolean' && !error.schemaPath.includes('/anyOf/'),
  )
  const schemaProblems = schemaErrors.map((error) => schemaProblem(error, data))
  const resolveDate = (value: string) => resolveFleetDate(value, today)
  // The values the schema refused are taken out, and the rest is checked as well: one pass
  // finds every problem, rather than schema problems hiding the others until they are fixed.
  const { checked, refused } = pruneRefused(data, schemaErrors)
  const problems = [
    ...schemaProblems,
    ...checkFleet(checked, resolveDate, refused),
    ...unsafeTexts(data),
  ]
  if (problems.length > 0) throw new FleetFileError(file, locate(problems))

  const fleet = data as FleetFile
  return {
    ...toCatalogue(fleet, resolveDate),
    warnings: locate(fleetWarnings(fleet, { imagesDir: options.imagesDir })),
  }
}

/**
 * Every place the file breaks the schema. TypeBox stops at 8 errors by default (a setting of the
 * whole process, which the API's own validation also reads): a typo repeated in all of a fleet's
 * vehicles was reported for the first few, and the rest surfaced one import at a time. The limit
 * is raised for this call only; it is synchronous, so nothing else runs meanwhile.
 */
function allSchemaErrors(data: unknown): SchemaError[] {
  const { maxErrors } = Settings.Get()
  Settings.Set({ maxErrors: MAX_SCHEMA_ERRORS })
  try {
    return [...Value.Errors(FleetFileSchema, data)]
  } finally {
    Settings.Set({ maxErrors })
  }
}

/**
 * Why a file whose top level is no mapping is not a fleet file, without its content: and where a
 * file of bookings (a CSV export, the slip of `fleet import` for `bookings import`) goes instead.
 */
function notAFleet(text: string, data: unknown): string {
  const what =
    data === null || data === undefined
      ? 'the file is empty'
      : Array.isArray(data)
        ? 'the file is a list'
        : 'the file is plain text'
  const firstLine = text.split('\n', 1)[0] ?? ''
  const bookings =
    /,/.test(firstLine) && /\breference\b/i.test(firstLine)
      ? '; it looks like a CSV of bookings, which `rental-agent bookings import FILE` loads'
      : ''
  return `${what}, not a fleet file: a fleet file is YAML or JSON whose top level has company, depots and vehicles (\`rental-agent fleet schema\` gives its schema)${bookings}`
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  integer: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping of fields',
}

const BOUND_WORDS: Record<string, string> = {
  minimum: 'at least',
  maximum: 'at most',
  exclusiveMinimum: 'more than',
  exclusiveMaximum: 'less than',
  minItems: 'a list of at least',
  maxItems: 'a list of at most',
}

/**
 * The known field a mistyped key most likely meant: the same but for case, underscores and
 * hyphens, or at most two letters apart (anual_closures, image_url); none when nothing is close.
 */
function closestName(key: string, known: string[]): string | undefined {
  return nearestWord(key, known, () => 2, spellingKey)
}

/** Enough for any file a person would fix by hand, bounded for one that is not a fleet at all. */
const MAX_SCHEMA_ERRORS = 1000

type SchemaError = {
  keyword: string
  schemaPath: string
  instancePath: string
  message: string
  params: unknown
}

function schemaProblem(error: SchemaError, data: unknown): LocatedProblem {
  const path = parsePointer(error.instancePath)
  const extra = error.params as { additionalProperties?: string[]; allowedValues?: unknown[] }
  if (error.keyword === 'additionalProperties' && extra.additionalProperties) {
    const key = extra.additionalProperties[0] ?? ''
    const known = Object.keys((schemaAt(error.schemaPath)?.properties as object | undefined) ?? {})
    // `fee: 45,00` in braces is read as `fee: 45` and a field named 00: a decimal comma, said as
    // such rather than as a near spelling of some field (it had been "did you mean to?").
    const decimalComma = /^\d{1,2}$/.test(key)
    const meant = decimalComma ? undefined : closestName(key, known)
    return {
      path: [...path, key],
      message: decimalComma
        ? 'is not a known field: a decimal comma in an amount (45,00) splits it in two inside { }; write the amount with a dot, such as 45.00'
        : meant
          ? `is not a known field; did you mean ${meant}?`
          : 'is not a known field',
      at: 'key' as const,
    }
  }
  // The validator's own words ("must be number", "must be >= 0") said with the value and in words.
  const shown = shownValue(valueAt(data, path))
  if (error.keyword === 'type') {
    const type = (error.params as { type?: string }).type ?? ''
    const money = type === 'number' && typeof valueAt(data, path) === 'string'
    return {
      path,
      message: `${shown} must be ${TYPE_WORDS[type] ?? type}${money ? ', without quotes or a currency sign (45.00, not "45.00" or "$45")' : ''}`,
    }
  }
  const bound = error.params as { limit?: number }
  if (BOUND_WORDS[error.keyword] && bound.limit !== undefined) {
    return { path, message: `${shown} must be ${BOUND_WORDS[error.keyword]} ${bound.limit}` }
  }
  if (error.keyword === 'required') {
    const missing = (error.params as { requiredProperties?: string[] }).requiredProperties ?? []
    return {
      path,
      message: `misses the required field${missing.length === 1 ? '' : 's'} ${missing.join(', ')}`,
    }
  }
  if (error.keyword === 'enum' && extra.allowedValues) {
    return { path, message: `must be one of ${extra.allowedValues.join(', ')}` }
  }
  if (error.keyword === 'pattern') {
    const shown = shownValue(valueAt(data, path))
    // A shape people know is said with an example of it; "not in the expected form: the
    // company's own website" did not say that http:// was the fault.
    const shape = PATTERN_SHAPES[(error.params as { pattern?: string }).pattern ?? '']
    if (shape) return { path, message: `${shown} is not ${shape}` }
    // Else the schema's description of the field says what is expected in words.
    const described = schemaAt(error.schemaPath)?.description
    return {
      path,
      message: described
        ? `${shown} is not in the expected form: ${lowerFirst(String(described))}`
        : error.message,
    }
  }
  if (error.keyword === 'anyOf') {
    const shown = shownValue(valueAt(data, path))
    const list = path.at(-2)
    const shape =
      list === 'annual_closures'
        ? 'a day MM-DD such as "12-25", or { from: "12-24", to: "12-26" }'
        : list === 'closures'
          ? 'a date YYYY-MM-DD such as "2027-03-03", or { from: "2027-06-01", to: "2027-06-14" }'
          : 'one of the forms the schema allows'
    return { path, message: `${shown} must be ${shape}` }
  }
  return { path, message: error.message }
}

/** The fleet file's patterns of a shape people know, by pattern: what is expected, with an example. */
const PATTERN_SHAPES: Record<string, string> = {
  '^https://': 'an https address: give https://host/path',
  '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$':
    'an email address: give one such as bookings@example.com, without spaces',
  '^\\+?[0-9 ()\\-.]{7,24}$':
    'a phone number: give 7 to 24 digits, spaces, brackets, dots or dashes, best in international form such as +64 3 555 0142',
}

/**
 * A copy of the data without the values the schema refused (a list item becomes undefined, so
 * that the indexes of the others stay as in the file), and a test of whether anything under a
 * path was refused. A missing required field stays missing; an unknown field is dropped.
 */
function pruneRefused(
  data: unknown,
  errors: SchemaError[],
): { checked: FleetInput; refused: (path: PathSegment[]) => boolean } {
  const refusedPaths: string[] = []
  const refused = (path: PathSegment[]) => {
    const prefix = formatPath(path)
    return refusedPaths.some(
      (at) => at === prefix || at.startsWith(`${prefix}.`) || at.startsWith(`${prefix}[`),
    )
  }
  const copy = structuredClone(data)
  if (copy === null || typeof copy !== 'object' || Array.isArray(copy)) {
    return { checked: {}, refused: () => true }
  }
  for (const error of errors) {
    if (error.keyword === 'required') continue
    const path = parsePointer(error.instancePath)
    if (error.keyword === 'additionalProperties') {
      const key = (error.params as { additionalProperties?: string[] }).additionalProperties?.[0]
      if (key !== undefined) path.push(key)
    }
    refusedPaths.push(formatPath(path))
    const key = path.pop()
    if (key === undefined) return { checked: {}, refused: () => true }
    const parent = valueAt(copy, path)
    if (Array.isArray(parent)) parent[Number(key)] = undefined
    else if (parent !== null && typeof parent === 'object') {
      delete (parent as Record<string, unknown>)[key]
    }
  }
  return { checked: copy as FleetInput, refused }
}

/** The part of the fleet file's schema at a JSON pointer such as `#/properties/company`. */
function schemaAt(pointer: string): Record<string, unknown> | undefined {
  let node: unknown = FleetFileSchema
  for (const part of pointer.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')]
  }
  return node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : undefined
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? `${text.charAt(0).toLowerCase()}${text.slice(1)}` : text
}

function valueAt(data: unknown, path: PathSegment[]): unknown {
  let node = data
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[segment]
  }
  return node
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
    .map((segment, i) => {
      if (typeof segment === 'number') return `[${segment}]`
      // A key as typed when it is a plain name; quoted, escaped and cut when it is anything else.
      const key = PLAIN_KEY.test(segment) ? segment : shownValue(segment)
      return i === 0 ? key : `.${key}`
    })
    .join('')
}

/** A key written as it is in a path: a field's name, not text a file could make anything of. */
const PLAIN_KEY = /^[A-Za-z0-9_-]{1,60}$/

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
