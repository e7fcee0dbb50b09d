import assert from 'node:assert/strict'

/*
 * Reading Prometheus's text exposition format back, as a scraper would: one sample per line,
 * `name{label="value",...} number`.
 */

export type Sample = { name: string; labels: Record<string, string>; value: number }

export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    assert.ok(match, `not an exposition line: ${line}`)
    const labels: Record<string, string> = {}
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1] as string] = (pair[2] as string).replace(/\\(.)/g, '$1')
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) })
  }
  return samples
}

/** The samples of `name` whose labels include every one of `labels`. */
export function samplesOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): Sample[] {
  return samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  )
}

/** The one sample's value, 0 when there is none (a series not created yet). */
export function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  const found = samplesOf(samples, name, labels)
  assert.ok(found.length <= 1, `${name} ${JSON.stringify(labels)} matches ${found.length} series`)
  return found[0]?.value ?? 0
}
