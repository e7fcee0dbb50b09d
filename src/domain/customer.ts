import { unsafeInLine } from './unsafe-text.ts'

/** The person who books, as the booking form collects them. */
export type Customer = { fullName: string; email: string; phone: string }

export type CustomerField = 'full_name' | 'email' | 'phone'

/** A field of the booking form that cannot be accepted, with what to enter instead. */
export type FieldProblem = { field: CustomerField; message: string }

/** The longest name a booking takes; the form says so to the browser too. */
export const MAX_NAME_LENGTH = 100

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE_CHARACTERS = /^[0-9 +()\-.]+$/
const MIN_PHONE_DIGITS = 7
const MAX_PHONE_DIGITS = 15

/** A web or email address: what no one's name holds. */
const ADDRESS_IN_NAME =
  /:\/\/|\bwww\.|@|\b[\w-]+\.(?:com|net|org|info|biz|io|co|nz|au|uk|xyz|app|link|click|top|site|online|shop|ru|cn)\b/i

/** Every problem with the entered details, so a form can show them all at once. */
export function customerProblems(input: Partial<Customer>): FieldProblem[] {
  const problems: FieldProblem[] = []
  const fullName = input.fullName?.trim() ?? ''
  const email = input.email?.trim() ?? ''
  const phone = input.phone?.trim() ?? ''
  if (fullName === '') problems.push({ field: 'full_name', message: 'Enter your full name' })
  else if (fullName.length > MAX_NAME_LENGTH)
    problems.push({
      field: 'full_name',
      message: `Enter your full name in at most ${MAX_NAME_LENGTH} characters`,
    })
  else if (unsafeInLine(fullName)) {
    // It goes on the booking, the company's emails and the webhook as it is.
    problems.push({
      field: 'full_name',
      message: 'Enter your name on one line, without control or direction-changing characters',
    })
  } else if (ADDRESS_IN_NAME.test(fullName)) {
    // The name opens the company's emails ("Hello …") to whatever address was given: a link in
    // it made them a phishing message in the company's name.
    problems.push({
      field: 'full_name',
      message: 'Enter your name without a web or email address in it',
    })
  }
  if (email === '') problems.push({ field: 'email', message: 'Enter your email address' })
  else if (email.length > 254 || !EMAIL.test(email) || unsafeInLine(email)) {
    problems.push({ field: 'email', message: 'Enter an email address such as name@example.com' })
  }
  const digits = phone.replace(/\D/g, '').length
  if (phone === '') problems.push({ field: 'phone', message: 'Enter your phone number' })
  else if (!PHONE_CHARACTERS.test(phone)) {
    problems.push({
      field: 'phone',
      message: 'Use only digits, spaces and + ( ) - in the phone number',
    })
  } else if (digits < MIN_PHONE_DIGITS || digits > MAX_PHONE_DIGITS) {
    problems.push({
      field: 'phone',
      message: `Enter a phone number of ${MIN_PHONE_DIGITS} to ${MAX_PHONE_DIGITS} digits, such as +64 21 123 4567`,
    })
  }
  return problems
}

/** The details trimmed, once customerProblems found none. */
export function normaliseCustomer(input: Customer): Customer {
  return { fullName: input.fullName.trim(), email: input.email.trim(), phone: input.phone.trim() }
}
