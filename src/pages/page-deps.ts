import type { FastifyReply } from 'fastify'
import { type CalendarDate, todayIn } from '../domain/calendar-date.ts'
import type { CatalogueIndex } from '../domain/catalogue-index.ts'
import type { Surcharge } from '../domain/company-terms.ts'
import { type CompanyProfile, companyProfile } from '../presenters/company-profile.ts'
import { imageOrigins } from '../presenters/image-origins.ts'
import type { SiteLinks } from '../presenters/site-links.ts'
import type { RateLimiter } from '../rate-limit/rate-limiter.ts'
import { bookingPagePolicy } from '../security/content-security-policies.ts'
import type { VerbContext } from '../verbs/context.ts'
import { type PageContent, pageDocument } from './page-document.ts'
import { sendPage } from './send-page.ts'

/** What the booking pages need: the verbs' context, links into the site, the booking limit. */
export type PageDeps = {
  ctx: VerbContext
  links: SiteLinks
  bookingRateLimiter: RateLimiter
  /** The API's own limit, which opening a checkout (a quote priced and kept) counts against. */
  quoteRateLimiter: RateLimiter
  /** Cookies are marked Secure when the site is served over https. */
  secureCookies: boolean
  /** Signs the form's cookie; shared by all instances when set, else made at start-up. */
  cookieSecret: string | undefined
}

/** Today in the company's zone, where the date pickers start. */
export function todayOf(ctx: VerbContext): CalendarDate {
  return todayIn(ctx.rules.timeZone, ctx.now())
}

/** What every page of a catalogue shares: the company in its frame, and the image policy. */
type PageFrame = { company: CompanyProfile; policy: string }
const frames = new WeakMap<CatalogueIndex, PageFrame>()

/** The company of the loaded fleet, as the pages show it. */
export function pageCompany(deps: PageDeps): CompanyProfile {
  return frameOf(deps).company
}

/**
 * Sends a booking page in the company's frame, under a policy that allows the images of the
 * fleet in force: the site's own and those hosted where the fleet file says. Both are worked out
 * once per loaded catalogue.
 */
export function sendHtml(
  deps: PageDeps,
  reply: FastifyReply,
  status: number,
  content: PageContent,
): FastifyReply {
  const frame = frameOf(deps)
  return sendPage(reply, status, pageDocument(frame.company, content), frame.policy)
}

/**
 * A page as a whole document with the policy it is served under, for an answer written outside
 * Fastify's reply (a request the HTTP parser refused or that took too long to arrive).
 */
export function renderPage(
  deps: PageDeps,
  content: PageContent,
): { document: string; policy: string } {
  const frame = frameOf(deps)
  return { document: pageDocument(frame.company, content), policy: frame.policy }
}

function frameOf(deps: PageDeps): PageFrame {
  const catalogue = deps.ctx.catalogue()
  let frame = frames.get(catalogue)
  if (frame === undefined) {
    frame = {
      company: companyProfile(catalogue.catalogue.company, deps.links),
      policy: bookingPagePolicy(imageOrigins(catalogue, deps.links)),
    }
    frames.set(catalogue, frame)
  }
  return frame
}

/** The fleet's fees for a hand-over after hours: the checkout names them with their price. */
export function afterHoursFees(deps: PageDeps): Surcharge[] {
  return deps.ctx
    .catalogue()
    .catalogue.terms.surcharges.filter((surcharge) => surcharge.condition.when === 'after_hours')
}
