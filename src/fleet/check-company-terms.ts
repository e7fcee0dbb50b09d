import type { CalendarDate } from '../domain/calendar-date.ts'
import { type FleetInput, type LocatedProblem, vehicleClasses } from './check-fleet.ts'

type Path = (string | number)[]
type Report = (path: Path, message: string) => void

/**
 * The cross-references of the drivers, surcharges, promotions and terms: known depots and classes,
 * unique surcharge ids and promotion codes, one kind of discount per promotion, date windows in
 * order, a young-driver age above the minimum, after-hours times the depot has, whole cents.
 */
export function checkCompanyTerms(
  fleet: FleetInput,
  resolveDate: (value: string) => CalendarDate | undefined,
  checkCents: (path: Path, dollars: number) => void,
  /** Whether the schema refused something under the path (see checkFleet). */
  refused: (path: Path) => boolean = () => false,
): LocatedProblem[] {
  const problems: LocatedProblem[] = []
  const report: Report = (path, message) => problems.push({ path, message })
  const reportKey: Report = (path, message) => problems.push({ path, message, at: 'key' })
  const depotIds = new Set((fleet.depots ?? []).map((depot) => depot?.id))
  const classes = vehicleClasses(fleet)
  const charge = (path: Path, rule: { price?: number; max_charge?: number } | undefined) => {
    if (rule?.price !== undefined) checkCents([...path, 'price'], rule.price)
    if (rule?.max_charge !== undefined) checkCents([...path, 'max_charge'], rule.max_charge)
  }

  const drivers = fleet.drivers
  if (drivers) {
    const ages = (path: Path, rule: typeof drivers) => {
      const { minimum_age: minimum, young_driver_under: under } = rule
      if (minimum !== undefined && under !== undefined && under <= minimum) {
        report([...path, 'young_driver_under'], `must be above minimum_age (${minimum})`)
      }
      charge([...path, 'young_driver_fee'], rule.young_driver_fee)
    }
    ages(['drivers'], drivers)
    if (drivers.young_driver_fee !== undefined && drivers.young_driver_under === undefined) {
      report(['drivers', 'young_driver_fee'], 'give young_driver_under too: who pays it')
    }
    for (const [name, own] of Object.entries(drivers.classes ?? {})) {
      if (!classes.has(name))
        reportKey(['drivers', 'classes', name], `no vehicle has class ${name}`)
      // A class whose minimum is at or above the company's young-driver age simply has no young
      // drivers; only an age the class gives itself must be above its minimum.
      if (own?.young_driver_under !== undefined) {
        ages(['drivers', 'classes', name], {
          ...own,
          minimum_age: own.minimum_age ?? drivers.minimum_age,
        })
      } else if (own) {
        charge(['drivers', 'classes', name, 'young_driver_fee'], own.young_driver_fee)
      }
    }
  }

  const surcharges = fleet.surcharges ?? []
  const surchargeIds = new Map<string, number>()
  for (const [i, item] of surcharges.entries()) {
    if (!item) continue
    if (item.id !== undefined) {
      const first = surchargeIds.get(item.id)
      if (first === undefined) surchargeIds.set(item.id, i)
      else report(['surcharges', i], `id ${item.id} is already used by surcharges[${first}]`)
    }
    charge(['surcharges', i], item)
    const applies = item.applies
    if (typeof applies === 'object' && applies !== null) {
      for (const [j, id] of (applies.depots ?? []).entries()) {
        if (id !== undefined && !depotIds.has(id)) {
          report(['surcharges', i, 'applies', 'depots', j], `depot ${id} is not in depots`)
        }
      }
    }
    if (applies === 'young_driver' && fleet.drivers?.young_driver_under === undefined) {
      report(['surcharges', i, 'applies'], 'give drivers.young_driver_under: who is a young driver')
    }
  }

  const codes = new Map<string, number>()
  for (const [i, item] of (fleet.promotions ?? []).entries()) {
    if (!item) continue
    if (item.code !== undefined) {
      const first = codes.get(item.code)
      if (first === undefined) codes.set(item.code, i)
      else report(['promotions', i], `code ${item.code} is already used by promotions[${first}]`)
    }
    // An amount the schema refused is given, only wrong: its own problem says so.
    const given = (key: 'percent_off' | 'amount_off') =>
      item[key] !== undefined || refused(['promotions', i, key])
    if (given('percent_off') === given('amount_off')) {
      report(['promotions', i], 'give percent_off or amount_off, one of the two')
    }
    if (item.amount_off !== undefined) checkCents(['promotions', i, 'amount_off'], item.amount_off)
    const from = item.pick_up_from === undefined ? undefined : resolveDate(item.pick_up_from)
    const to = item.pick_up_to === undefined ? undefined : resolveDate(item.pick_up_to)
    for (const [end, text, date] of [
      ['pick_up_from', item.pick_up_from, from],
      ['pick_up_to', item.pick_up_to, to],
    ] as const) {
      if (text !== undefined && date === undefined) {
        report(['promotions', i, end], `${text} is not a calendar date`)
      }
    }
    if (from && to && to < from) report(['promotions', i, 'pick_up_to'], 'is before pick_up_from')
    for (const [j, name] of (item.vehicle_classes ?? []).entries()) {
      if (name !== undefined && !classes.has(name)) {
        report(['promotions', i, 'vehicle_classes', j], `no vehicle has class ${name}`)
      }
    }
  }

  const distance = fleet.terms?.distance
  for (const [name, allowance] of Object.entries(distance?.classes ?? {})) {
    if (!classes.has(name))
      reportKey(['terms', 'distance', 'classes', name], `no vehicle has class ${name}`)
    if (typeof allowance === 'object' && allowance?.extra_km_price !== undefined) {
      checkCents(['terms', 'distance', 'classes', name, 'extra_km_price'], allowance.extra_km_price)
    }
  }
  if (typeof distance?.default === 'object' && distance.default.extra_km_price !== undefined) {
    checkCents(['terms', 'distance', 'default', 'extra_km_price'], distance.default.extra_km_price)
  }
  if (fleet.terms?.bond_without_plan !== undefined) {
    checkCents(['terms', 'bond_without_plan'], fleet.terms.bond_without_plan)
  }
  for (const [i, plan] of (fleet.insurance_plans ?? []).entries()) {
    if (plan?.bond !== undefined) checkCents(['insurance_plans', i, 'bond'], plan.bond)
  }

  for (const [i, depot] of (fleet.depots ?? []).entries()) {
    const afterHours = depot?.after_hours
    if (!afterHours) continue
    for (const [field, own] of [
      ['pickup_times', depot.pickup_times],
      ['drop_off_times', depot.drop_off_times],
    ] as const) {
      for (const day of ['weekday', 'weekend'] as const) {
        for (const [j, time] of (afterHours[field]?.[day] ?? []).entries()) {
          if (time !== undefined && !(own?.[day] ?? []).includes(time)) {
            report(
              ['depots', i, 'after_hours', field, day, j],
              `${time} is not one of the depot's ${field} on a ${day}`,
            )
          }
        }
      }
    }
  }
  return problems
}
