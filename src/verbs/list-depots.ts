import type { Depot } from '../domain/catalogue.ts'
import type { VerbContext } from './context.ts'

/** The active depots, in id order. */
export function listDepots(ctx: VerbContext): Depot[] {
  return ctx.catalogue().activeDepots
}
