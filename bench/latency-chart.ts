import type { GrowthPoint } from './growth-runs.ts'

const WIDTH = 720
const HEIGHT = 420
const MARGIN = { top: 48, right: 180, bottom: 56, left: 64 }

type Series = {
  label: string
  colour: string
  dashed: boolean
  values: (point: GrowthPoint) => number
}

const SERIES: Series[] = [
  {
    label: 'availability p50',
    colour: '#1f77b4',
    dashed: false,
    values: (p) => p.availability.p50Ms,
  },
  {
    label: 'availability p99',
    colour: '#1f77b4',
    dashed: true,
    values: (p) => p.availability.p99Ms,
  },
  { label: 'quote p50', colour: '#d62728', dashed: false, values: (p) => p.quote.p50Ms },
  { label: 'quote p99', colour: '#d62728', dashed: true, values: (p) => p.quote.p99Ms },
]

/**
 * An SVG line chart of latency (ms, linear) against bookings in the store (logarithmic), one
 * line per endpoint and percentile. Plain SVG, no script, so GitHub and any browser show it.
 */
export function latencyChart(points: GrowthPoint[], connections: number): string {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom
  const sizes = points.map((point) => point.bookings)
  const logMin = Math.log10(Math.min(...sizes))
  const logMax = Math.log10(Math.max(...sizes))
  const x = (bookings: number) =>
    MARGIN.left +
    (logMax === logMin
      ? plotWidth / 2
      : ((Math.log10(bookings) - logMin) / (logMax - logMin)) * plotWidth)
  const highest = Math.max(
    1,
    ...points.flatMap((point) => SERIES.map((series) => series.values(point))),
  )
  const step = niceStep(highest / 5)
  const top = Math.ceil(highest / step) * step
  const y = (ms: number) => MARGIN.top + plotHeight - (ms / top) * plotHeight

  const title = `Latency against bookings in the store (${connections} connections, embedded store)`
  const parts: string[] = []
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12" role="img">`,
    `<title>${title}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`,
    `<text x="${MARGIN.left}" y="24" font-size="15" font-weight="bold">${title}</text>`,
  )
  for (let ms = 0; ms <= top + step / 2; ms += step) {
    parts.push(
      `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotWidth}" y1="${y(ms)}" y2="${y(ms)}" stroke="#ddd"/>`,
      `<text x="${MARGIN.left - 8}" y="${y(ms) + 4}" text-anchor="end">${round(ms)}</text>`,
    )
  }
  for (const bookings of sizes) {
    parts.push(
      `<line x1="${x(bookings)}" x2="${x(bookings)}" y1="${MARGIN.top}" y2="${MARGIN.top + plotHeight}" stroke="#eee"/>`,
      `<text x="${x(bookings)}" y="${MARGIN.top + plotHeight + 18}" text-anchor="middle">${bookingsLabel(bookings)}</text>`,
    )
  }
  parts.push(
    `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotWidth}" y1="${MARGIN.top + plotHeight}" y2="${MARGIN.top + plotHeight}" stroke="#333"/>`,
    `<line x1="${MARGIN.left}" x2="${MARGIN.left}" y1="${MARGIN.top}" y2="${MARGIN.top + plotHeight}" stroke="#333"/>`,
    `<text x="${MARGIN.left + plotWidth / 2}" y="${HEIGHT - 14}" text-anchor="middle">bookings in the store (log scale)</text>`,
    `<text transform="translate(18 ${MARGIN.top + plotHeight / 2}) rotate(-90)" text-anchor="middle">latency (ms)</text>`,
  )
  SERIES.forEach((series, index) => {
    const line = points.map(
      (point) => `${x(point.bookings).toFixed(1)},${y(series.values(point)).toFixed(1)}`,
    )
    const dash = series.dashed ? ' stroke-dasharray="6 4"' : ''
    parts.push(
      `<polyline points="${line.join(' ')}" fill="none" stroke="${series.colour}" stroke-width="2"${dash}/>`,
      ...points.map(
        (point) =>
          `<circle cx="${x(point.bookings).toFixed(1)}" cy="${y(series.values(point)).toFixed(1)}" r="3" fill="${series.colour}"/>`,
      ),
    )
    const legendY = MARGIN.top + 10 + index * 22
    const legendX = MARGIN.left + plotWidth + 20
    parts.push(
      `<line x1="${legendX}" x2="${legendX + 28}" y1="${legendY}" y2="${legendY}" stroke="${series.colour}" stroke-width="2"${dash}/>`,
      `<text x="${legendX + 36}" y="${legendY + 4}">${series.label}</text>`,
    )
  })
  parts.push('</svg>')
  return `${parts.join('\n')}\n`
}

/** 1, 2 or 5 times a power of ten: gridlines a reader can add up. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough))
  const scaled = rough / power
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power
}

function round(ms: number): string {
  return Number(ms.toPrecision(6)).toString()
}

export function bookingsLabel(bookings: number): string {
  if (bookings >= 1_000_000 && bookings % 1_000_000 === 0) return `${bookings / 1_000_000}M`
  if (bookings >= 1000 && bookings % 1000 === 0) return `${bookings / 1000}k`
  return String(bookings)
}
