/**
 * A label whose values callers choose (an agent's reference): the first `max` distinct values
 * keep their own, and every later one shares `overflow`, so that the number of series stays
 * bounded however many values arrive.
 */
export class BoundedLabel {
  readonly #max: number
  readonly #overflow: string
  readonly #seen = new Set<string>()

  constructor(max: number, overflow: string) {
    this.#max = max
    this.#overflow = overflow
  }

  of(value: string): string {
    if (this.#seen.has(value)) return value
    if (this.#seen.size >= this.#max) return this.#overflow
    this.#seen.add(value)
    return value
  }
}
