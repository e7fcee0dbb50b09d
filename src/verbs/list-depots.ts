import type { Depot } from '../domain/catalogue.ts'
import type { VerbContext } from './context.ts'

/** The active depots, in id order. */
export function listDepots(ctx: VerbContext): Depot[] {
  return ctx.catalogue().activeDepots
}

/**
 * Every depot of the fleet, those no longer active too: a booking made before its depot was
 * made inactive still names it, with its address and phone (its page said "depot 20").
 */
export function bookingDepots(ctx: VerbContext): Depot[] {
  return ctx.catalogue().catalogue.depots
}
