import { EXAMPLE_DATE } from '../schemas/example-dates.ts'

/**
 * An example error body per operation and status, as the API really answers them. They name no
 * company's own vehicles, depots or codes: the document is every company's.
 */
export const ERROR_EXAMPLES: Record<string, Record<string, object>> = {
  list_depots: {
    503: {
      error: 'The service is temporarily unavailable; retry in 5 seconds',
      code: 'service_unavailable',
    },
  },
  list_routes: {
    400: {
      error: 'pick_up_depot_id 99 is not a depot; GET /depots lists the valid ids',
      code: 'unknown_depot',
      parameter: 'pick_up_depot_id',
    },
    503: {
      error: 'The service is temporarily unavailable; retry in 5 seconds',
      code: 'service_unavailable',
    },
  },
  list_vehicles: {
    400: {
      error: 'depot_id 99 is not a depot; GET /depots lists the valid ids',
      code: 'unknown_depot',
      parameter: 'depot_id',
    },
    503: {
      error: 'The service is temporarily unavailable; retry in 5 seconds',
      code: 'service_unavailable',
    },
  },
  find_available_vehicles: {
    400: {
      error: 'pick_up_depot_id 99 is not a depot; GET /depots lists the valid ids',
      code: 'unknown_depot',
      parameter: 'pick_up_depot_id',
    },
    503: {
      error: 'The service is temporarily unavailable; retry in 5 seconds',
      code: 'service_unavailable',
    },
  },
  find_flexible_dates: {
    400: {
      error: 'rental_days 120 is over the longest rental of 90 days; send at most 90',
      code: 'rental_too_long',
      parameter: 'rental_days',
    },
    503: {
      error: 'The service is temporarily unavailable; retry in 5 seconds',
      code: 'service_unavailable',
    },
  },
  explain_unavailable: {
    400: {
      error: 'pick_up_depot_id 99 is not a depot; GET /depots lists the valid ids',
      code: 'unknown_depot',
      parameter: 'pick_up_depot_id',
    },
    503: {
      error: 'The service is temporarily unavailable; retry in 5 seconds',
      code: 'service_unavailable',
    },
  },
  list_accessories: {
    400: {
      error: 'vehicleId 99 is not a vehicle; GET /vehicles lists the vehicles and their ids',
      code: 'unknown_vehicle',
      parameter: 'vehicleId',
    },
    503: {
      error: 'The service is temporarily unavailable; retry in 5 seconds',
      code: 'service_unavailable',
    },
  },
  list_insurance_plans: {
    400: {
      error:
        'drop_off_date is missing; send both pick_up_date and drop_off_date (YYYY-MM-DD), or neither to list every option',
      code: 'incomplete_dates',
      parameter: 'drop_off_date',
    },
    503: {
      error: 'The service is temporarily unavailable; retry in 5 seconds',
      code: 'service_unavailable',
    },
  },
  get_quote: {
    400: {
      error:
        'accessory_ids item 2 is empty; send accessory ids as plain whole numbers separated by commas, for example 1,4',
      code: 'invalid_parameter',
      parameter: 'accessory_ids',
    },
    404: {
      error: `The 4-berth motorhome is rented for at least 7 days in the Shoulder season; this rental is 2 days; the earliest drop-off date that works is ${EXAMPLE_DATE.dropOff}; send drop_off_date=${EXAMPLE_DATE.dropOff}`,
      code: 'below_minimum_days',
      suggestion: { drop_off_date: EXAMPLE_DATE.dropOff },
    },
    503: {
      error: 'The service is temporarily unavailable; retry in 5 seconds',
      code: 'service_unavailable',
    },
  },
}

/**
 * Further answers of the same status where one example would hide a code agents must handle:
 * the document lists them beside the first one, each named by its code.
 */
export const MORE_ERROR_EXAMPLES: Record<string, Record<string, object[]>> = {
  find_available_vehicles: {
    400: [
      {
        error:
          'promo_code WEEK15 (15% off a week or more) is too short a rental: it needs at least 7 days; this one is 3',
        code: 'promotion_not_applicable',
        parameter: 'promo_code',
      },
    ],
  },
  get_quote: {
    400: [
      {
        error:
          'promo_code "SUMMER99" is not a promotion of this company; check its spelling, or leave promo_code out',
        code: 'unknown_promotion',
        parameter: 'promo_code',
      },
      {
        error:
          'promo_code VAN10 (10% off campervans) is not for this vehicle: it applies to the campervan class, and the compact car is compact; send the quote without promo_code for its price without the discount (as availability lists it), or choose a vehicle of that class',
        code: 'promotion_not_applicable',
        parameter: 'promo_code',
      },
      {
        error:
          'driver_age "15" is not valid; send the driver\'s age in whole years from 16 to 99, such as 30',
        code: 'invalid_parameter',
        parameter: 'driver_age',
      },
    ],
    404: [
      {
        error:
          'The 4-berth motorhome is rented to drivers aged 21 or over; the driver is 19; choose another vehicle: GET /vehicles/availability with the same driver_age lists those this driver may rent',
        code: 'driver_too_young',
        suggestion: null,
      },
    ],
  },
}
