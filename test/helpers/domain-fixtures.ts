import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { type CalendarDate, parseCalendarDate } from '../../src/domain/calendar-date.ts'
import type { Catalogue, Depot, Vehicle } from '../../src/domain/catalogue.ts'
import { CatalogueIndex } from '../../src/domain/catalogue-index.ts'
import { DomainError } from '../../src/domain/errors.ts'
import type { Quote } from '../../src/domain/quote.ts'
import type { QuoteTerms } from '../../src/domain/quote-terms.ts'
import { type LoadedFleet, parseFleet } from '../../src/fleet/read-fleet-file.ts'

export const RULES_FLEET_FILE = resolve(import.meta.dirname, '../fixtures/rules-fleet.yaml')
export const DEMO_FLEET_FILE = resolve(import.meta.dirname, '../../fleets/demo-fleet.yaml')

/** 2027-01-10 13:00 in Auckland (NZDT, +13), a Sunday in the rules fleet's high season. */
export const FIXED_NOW = new Date('2027-01-10T00:00:00Z')
export const FIXED_TODAY = date('2027-01-10')

/** A calendar date written in a test; a typo in a test fails loudly instead of passing quietly. */
export function date(text: string): CalendarDate {
  const parsed = parseCalendarDate(text)
  if (!parsed) throw new Error(`test data: ${text} is not a calendar date`)
  return parsed
}

export function rulesFleetText(): string {
  return readFileSync(RULES_FLEET_FILE, 'utf8')
}

/** The rules fleet (test/fixtures/rules-fleet.yaml), loaded as the service loads it. */
export function loadRulesFleet(today: CalendarDate = FIXED_TODAY): LoadedFleet {
  return parseFleet(RULES_FLEET_FILE, rulesFleetText(), today)
}

export function rulesIndex(): CatalogueIndex {
  return new CatalogueIndex(loadRulesFleet().catalogue)
}

export function depotOf(catalogue: Catalogue, id: number): Depot {
  const depot = catalogue.depots.find((candidate) => candidate.id === id)
  if (!depot) throw new Error(`test data: no depot ${id}`)
  return depot
}

export function vehicleOf(catalogue: Catalogue, id: number): Vehicle {
  const vehicle = catalogue.vehicles.find((candidate) => candidate.id === id)
  if (!vehicle) throw new Error(`test data: no vehicle ${id}`)
  return vehicle
}

/** Runs `action`, which must throw a DomainError, and returns that error for its fields to be checked. */
export function domainErrorFrom(action: () => unknown): DomainError {
  try {
    action()
  } catch (error) {
    assert.ok(error instanceof DomainError, `expected a DomainError, got ${String(error)}`)
    return error
  }
  assert.fail('expected a DomainError, but nothing was thrown')
}

/**
 * What a quote adds to its four fees, for tests that build a quote by hand: no surcharge, no
 * promotion, no driver age or agent, and the terms of a company that states few.
 */
export function quoteExtras(overrides: Partial<Quote> = {}) {
  const terms: QuoteTerms = {
    distance: { unlimited: true, includedKm: null },
    fuelPolicy: null,
    bond: null,
    payment: { depositPercent: 0, depositAmount: 0, balanceAmount: 0, balanceDueDate: null },
    cancellation: { freeCancellationHours: 48, freeUntil: '2027-01-09T11:00:00.000Z' },
    minimumDriverAge: 18,
    youngDriverUnder: null,
    includedPlan: null,
  }
  return {
    issuedOn: '2027-01-10' as CalendarDate,
    surcharges: [],
    surchargesFee: 0,
    discount: 0,
    promotion: null,
    driverAge: null,
    agentRef: null,
    terms,
    assumptions: [],
    ...overrides,
  } satisfies Partial<Quote>
}
