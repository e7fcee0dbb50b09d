import type { FastifyReply } from 'fastify'
import { todayIn } from '../domain/calendar-date.ts'
import type { CatalogueIndex } from '../domain/catalogue-index.ts'
import type { SiteLinks } from '../presenters/site-links.ts'
import type { RateLimiter } from '../rate-limit/rate-limiter.ts'
import { bookingPagePolicy } from '../security/content-security-policies.ts'
import type { VerbContext } from '../verbs/context.ts'
import { sendPage } from './send-page.ts'

/** What the booking pages need: the verbs' context, links into the site, the booking limit. */
export type PageDeps = {
  ctx: VerbContext
  links: SiteLinks
  bookingRateLimiter: RateLimiter
  /** Cookies are marked Secure when the site is served over https. */
  secureCookies: boolean
  /** Signs the form's cookie; shared by all instances when set, else made at start-up. */
  cookieSecret: string | undefined
}

/** Today in the company's zone, where the date pickers start. */
export function todayOf(ctx: VerbContext): string {
  return todayIn(ctx.rules.timeZone, ctx.now())
}

const policies = new WeakMap<CatalogueIndex, string>()

/**
 * Sends a booking page under a policy that allows the images of the fleet in force: the site's
 * own and those hosted where the fleet file says. Worked out once per loaded catalogue.
 */
export function sendHtml(
  deps: PageDeps,
  reply: FastifyReply,
  status: number,
  document: string,
): FastifyReply {
  const catalogue = deps.ctx.catalogue()
  let policy = policies.get(catalogue)
  if (policy === undefined) {
    const origins = new Set(
      catalogue.catalogue.vehicles.flatMap((vehicle) => {
        const url = URL.parse(deps.links.vehicleImage(vehicle.image))
        return url ? [url.origin] : []
      }),
    )
    policy = bookingPagePolicy([...origins].sort())
    policies.set(catalogue, policy)
  }
  return sendPage(reply, status, document, policy)
}
