import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { BookingRecord } from '../../src/domain/booking.ts'
import type { Catalogue } from '../../src/domain/catalogue.ts'
import { CatalogueIndex } from '../../src/domain/catalogue-index.ts'
import { companyNotice, travellerConfirmation } from '../../src/notifications/booking-emails.ts'
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

describe("the traveller's confirmation: free cancellation", () => {
  // Booked 2027-01-10 13:00 in Auckland, picked up 09:00 (the fixture's time); 48 hours' notice.
  const rows: [string, string, RegExp, string][] = [
    [
      'gives the deadline when the pick-up is further off',
      '2027-02-01',
      /Free cancellation until Sat, 30 Jan 2027, 9:00 am NZDT: cancel on your booking's page\./,
      'See or cancel your booking',
    ],
    [
      'says there is none when the pick-up is sooner than the free cancellation hours, and its link does not offer cancelling',
      '2027-01-11',
      /No free cancellation: it ends 48 hours before pick-up, and this rental starts sooner\. To cancel, contact Rules Test Rentals\./,
      'See your booking',
    ],
  ]
  for (const [rule, from, says, link] of rows) {
    test(rule, () => {
      const soon: BookingRecord = {
        ...booking,
        ...websiteBooking('RTR-EMAIL02', 1, from, '2027-02-03'),
        pickUpTime: '09:00',
        createdAt: '2027-01-10T00:00:00.000Z',
      }
      const email = travellerConfirmation(
        contextWith(null, null),
        soon,
        'https://rentals.example.com/book/manage/x',
      )
      assert.match(email?.text ?? '', says)
      assert.doesNotMatch(email?.text ?? '', /until Sat, 9 Jan|until Sun, 10 Jan/)
      assert.ok(
        (email?.text ?? '').includes(`\n${link}: https://rentals.example.com/book/manage/x`),
        email?.text,
      )
      assert.ok((email?.html ?? '').includes(`>${link}</a>`), 'the HTML link says the same')
    })
  }
})

describe("the traveller's confirmation: how to reach the depot once only it can cancel", () => {
  const soon: BookingRecord = {
    ...booking,
    ...websiteBooking('RTR-EMAIL03', 1, '2027-02-01', '2027-02-03'),
    createdAt: '2027-01-10T00:00:00.000Z',
  }
  const later = (context: ReturnType<typeof contextWith>) =>
    /Later, (.+)\.\n/.exec(travellerConfirmation(context, soon, 'https://x/m')?.text ?? '')?.[1]

  test("the depot's phone, else the company's, else its email: never a number that is not there", () => {
    const none = contextWith(null, null)
    const withPhone = (depotPhone: string | null, companyPhone: string | null) => {
      const catalogue = {
        ...none.catalogue.catalogue,
        company: { ...none.catalogue.catalogue.company, phone: companyPhone },
        depots: none.catalogue.catalogue.depots.map((depot) =>
          depot.id === 1 ? { ...depot, phone: depotPhone } : depot,
        ),
      }
      return {
        ...none,
        catalogue: new CatalogueIndex(catalogue),
        company: companyProfile(catalogue.company, links),
      }
    }
    assert.equal(
      later(withPhone('+64 9 555 0111', '+64 9 555 0100')),
      'call the pick-up depot on +64 9 555 0111',
    )
    assert.equal(
      later(withPhone(null, '+64 9 555 0100')),
      'call the pick-up depot on +64 9 555 0100',
    )
    assert.equal(
      later(contextWith(null, 'desk@rules.example.com')),
      'write to Rules Test Rentals at desk@rules.example.com',
    )
    assert.equal(later(none), 'contact Rules Test Rentals')
  })
})

describe("the traveller's confirmation in HTML", () => {
  test('links the map of a depot with coordinates, and heads the price table as the text does', () => {
    const context = contextWith(null, null)
    const withPlace: Catalogue = {
      ...context.catalogue.catalogue,
      depots: context.catalogue.catalogue.depots.map((depot) =>
        depot.id === 1 ? { ...depot, latitude: -36.84846, longitude: 174.76333 } : depot,
      ),
    }
    const email = travellerConfirmation(
      { ...context, catalogue: new CatalogueIndex(withPlace) },
      { ...booking, pickUpTime: '09:00', dropOffTime: '17:00' },
      'https://rentals.example.com/book/manage/x',
    )
    const map =
      'https://www.openstreetmap.org/?mlat=-36.84846&amp;mlon=174.76333#map=17/-36.84846/174.76333'
    assert.ok((email?.html ?? '').includes(`<a href="${map}">Map</a>`), email?.html)
    assert.match(email?.text ?? '', /Map: https:\/\/www\.openstreetmap\.org\/\?mlat=-36\.84846/)
    assert.match(
      email?.html ?? '',
      /<p><strong>Price, in New Zealand dollars<\/strong><\/p>\n<table/,
    )
  })

  test('says what to bring to the pick-up: the licence, the card for the bond, the reference', () => {
    const context = contextWith(null, null)
    const bonded: BookingRecord = {
      ...booking,
      price: booking.price && {
        ...booking.price,
        terms: booking.price.terms && {
          ...booking.price.terms,
          bond: { amount: 150_000, planName: null },
        },
      },
    }
    const email = travellerConfirmation(
      context,
      bonded,
      'https://rentals.example.com/book/manage/x',
    )
    const text = email?.text ?? ''
    assert.ok(bonded.price?.terms, 'the booking carries its terms')
    assert.ok(
      text.includes(
        `Bring to the pick-up:\n  - The main driver's full, current driver's licence; one not in English needs an International Driving Permit or an approved English translation with it\n  - A credit card in the main driver's name, for the bond of NZ$1,500.00\n  - Your booking reference, ${booking.reference}`,
      ),
      text,
    )
    assert.match(
      email?.html ?? '',
      /<p><strong>Bring to the pick-up<\/strong><\/p>\n<ul><li>The main driver/,
    )
  })
})
