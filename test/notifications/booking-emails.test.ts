import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { BookingRecord } from '../../src/domain/booking.ts'
import type { Catalogue } from '../../src/domain/catalogue.ts'
import { CatalogueIndex } from '../../src/domain/catalogue-index.ts'
import { companyNotice } from '../../src/notifications/booking-emails.ts'
import { companyProfile } from '../../src/presenters/company-profile.ts'
import { SiteLinks } from '../../src/presenters/site-links.ts'
import { loadRulesFleet } from '../helpers/domain-fixtures.ts'
import { websiteBooking } from '../store/store-contract.ts'

/*
 * The company's copy of a booking goes to the pick-up depot's own address when the fleet gives
 * one, else to the company's, and to nobody when neither is known; the traveller's address is the
 * one to reply to, and the copy says who sent the booking and how old the driver is.
 */

const links = new SiteLinks('https://rentals.example.com')

function contextWith(depotEmail: string | null, companyEmail: string | null) {
  const { catalogue } = loadRulesFleet()
  const changed: Catalogue = {
    ...catalogue,
    company: { ...catalogue.company, email: companyEmail },
    depots: catalogue.depots.map((depot) =>
      depot.id === 1 ? { ...depot, email: depotEmail } : depot,
    ),
  }
  return {
    catalogue: new CatalogueIndex(changed),
    company: companyProfile(changed.company, links),
    timeZone: 'Pacific/Auckland',
  }
}

const booking: BookingRecord = {
  ...websiteBooking('RTR-EMAIL01', 1, '2027-02-01', '2027-02-03'),
  totalAmount: 10_000,
  status: 'confirmed',
  cancellation: null,
  agentRef: 'planner-7',
}

describe("the company's copy of a booking", () => {
  const rows: [string, string | null, string | null, string[] | undefined][] = [
    [
      "the pick-up depot's own address when it has one",
      'alpha@rules.example.com',
      'desk@rules.example.com',
      ['alpha@rules.example.com'],
    ],
    [
      "the company's address when the depot has none",
      null,
      'desk@rules.example.com',
      ['desk@rules.example.com'],
    ],
    ['nobody when neither is known', null, null, undefined],
  ]
  for (const [rule, depotEmail, companyEmail, to] of rows) {
    test(`goes to ${rule}`, () => {
      const notice = companyNotice(contextWith(depotEmail, companyEmail), booking, 'created')
      assert.deepEqual(notice?.to, to)
    })
  }

  test('is answered to the traveller, and says which agent sent the booking', () => {
    const notice = companyNotice(contextWith(null, 'desk@rules.example.com'), booking, 'created')
    assert.equal(notice?.replyTo, 'aroha@example.com')
    assert.match(notice?.text ?? '', /Sent by agent: planner-7/)
  })
})
