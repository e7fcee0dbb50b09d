import type { Catalogue, Depot, PriceUnit, Season } from '../../domain/catalogue.ts'
import type { Sql } from './transaction.ts'

/**
 * Reads the catalogue back as it was written. `jsonb` columns arrive parsed and `bigint` cents as
 * numbers (see connect-pool.ts). Rows come in the order SQLite gives them: by id or position, and
 * routes by their key, so both adapters return the same catalogue.
 */
export async function readCatalogue(sql: Sql): Promise<Catalogue> {
  const units = await sql('SELECT vehicle_id, depot_id, units FROM vehicle_units')
  const depots = await sql('SELECT * FROM depots ORDER BY id')
  const vehicles = await sql('SELECT * FROM vehicles ORDER BY id')
  const seasons = await sql('SELECT * FROM seasons ORDER BY position')
  const rateBands = await sql('SELECT * FROM rate_bands ORDER BY position')
  const routes = await sql('SELECT * FROM routes ORDER BY from_depot_id, to_depot_id')
  const accessories = await sql('SELECT * FROM accessories ORDER BY id')
  const plans = await sql('SELECT * FROM insurance_plans ORDER BY id')
  return {
    depots: depots.map((r) => ({
      id: r.id as number,
      name: r.name as string,
      active: r.active as boolean,
      openingHoursDescription: r.opening_hours as string,
      pickupTimes: r.pickup_times as Depot['pickupTimes'],
      dropOffTimes: r.drop_off_times as Depot['dropOffTimes'],
      annualClosures: r.annual_closures as string[],
      closures: r.closures as Depot['closures'],
    })),
    vehicles: vehicles.map((r) => ({
      id: r.id as number,
      name: r.name as string,
      vehicleClass: r.vehicle_class as string,
      image: r.image as string,
      unitsByDepot: Object.fromEntries(
        units
          .filter((u) => u.vehicle_id === r.id)
          .map((u) => [u.depot_id as number, u.units as number]),
      ),
      minimumDays: r.minimum_days as Record<string, number>,
      dailyRates: r.daily_rates_cents as Record<string, number[]>,
    })),
    seasons: seasons.map((r) => ({
      id: r.id as string,
      name: r.name as string,
      periods: r.periods as Season['periods'],
    })),
    rateBands: rateBands.map((r) => ({
      minDays: r.min_days as number,
      maxDays: r.max_days as number | null,
    })),
    routes: routes.map((r) => ({
      fromDepotId: r.from_depot_id as number,
      toDepotId: r.to_depot_id as number,
      fee: r.fee_cents as number,
    })),
    accessories: accessories.map((r) => ({
      id: r.id as number,
      name: r.name as string,
      price: r.price_cents as number,
      per: r.per as PriceUnit,
      maxCharge: r.max_charge_cents as number | null,
      maxQuantity: r.max_quantity as number,
      vehicleClasses: r.vehicle_classes as string[] | null,
      months: r.months as number[] | null,
    })),
    insurancePlans: plans.map((r) => ({
      id: r.id as number,
      name: r.name as string,
      description: r.description as string,
      price: r.price_cents as number,
      per: r.per as PriceUnit,
      maxCharge: r.max_charge_cents as number | null,
      excess: r.excess_cents as number,
      vehicleClasses: r.vehicle_classes as string[] | null,
    })),
  }
}
