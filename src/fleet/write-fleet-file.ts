import { Document, isMap, isPair, isScalar, isSeq, Scalar, visit } from 'yaml'
import type { FleetFile } from './fleet-file-schema.ts'

/** Amounts in the file: written with two decimals, as a price list shows them. */
const MONEY_KEYS = new Set(['price', 'max_charge', 'excess', 'fee'])
/** Lists kept on one line each: one entry is one short record or a row of values. */
const ONE_LINE_ITEMS = new Set(['rate_bands', 'routes', 'bookings', 'periods'])

/**
 * The fleet file as YAML in the layout of fleets/demo-fleet.yaml: a comment that points editors at
 * the JSON Schema, short lists and records on one line, amounts with two decimals, times and
 * days of the year quoted.
 */
export function fleetFileYaml(fleet: FleetFile, options: { schemaUrl: string; note: string }) {
  const document = new Document(fleet)
  document.commentBefore = ` yaml-language-server: $schema=${options.schemaUrl}\n ${options.note}`
  visit(document, {
    Pair(_, pair) {
      const key = isScalar(pair.key) ? String(pair.key.value) : ''
      // Depot ids as keys (`units: { 1: 3 }`) are written as the numbers they are.
      if (isScalar(pair.key) && /^[1-9]\d*$/.test(key)) pair.key.value = Number(key)
      if (MONEY_KEYS.has(key) && isScalar(pair.value)) pair.value.minFractionDigits = 2
      if (ONE_LINE_ITEMS.has(key) && isSeq(pair.value)) {
        for (const item of pair.value.items) if (isMap(item)) item.flow = true
      }
      if (key === 'daily_rates' && isMap(pair.value)) {
        for (const rates of pair.value.items) {
          if (!isPair(rates) || !isSeq(rates.value)) continue
          for (const rate of rates.value.items) if (isScalar(rate)) rate.minFractionDigits = 2
        }
      }
    },
    Seq(_, seq) {
      if (seq.items.every((item) => isScalar(item))) seq.flow = true
    },
    Map(_, map) {
      // Small maps of scalars: units, minimum days, times.
      if (
        map.items.length <= 4 &&
        map.items.every((item) => isScalar(item.value) || (isSeq(item.value) && item.value.flow))
      ) {
        const leafy = map.items.every((item) => isScalar(item.value))
        if (leafy) map.flow = true
      }
    },
    Scalar(_, scalar) {
      if (typeof scalar.value === 'string' && /^\d/.test(scalar.value)) {
        scalar.type = Scalar.QUOTE_DOUBLE
      }
    },
  })
  return document.toString({ lineWidth: 0, flowCollectionPadding: true })
}
