/** The channel on which every change of booked_days is announced (see the migrations). */
export const BOOKED_DAYS_CHANNEL = 'booked_days'

/** One day's units booked as a notice gives them: the figure the table now holds. */
export type NoticedDay = { depotId: number; vehicleId: number; day: number; units: number }

/**
 * What a notice on the channel says. `xid` is the writing transaction's id, to tell whether a
 * reload's snapshot already holds the change. `fence` is a mark this process sent itself, to know
 * when every change committed before it has arrived.
 */
export type BookedDaysNotice =
  | { kind: 'days'; xid: number; days: NoticedDay[] }
  | { kind: 'reload'; xid: number }
  | { kind: 'fleet'; xid: number }
  | { kind: 'fence'; id: string }

/** A fence's payload: `fence <id>`. */
export function fencePayload(id: string): string {
  return `fence ${id}`
}

/**
 * Reads a payload written by the `announce_*` triggers (`<xid> <notice> <body>`) or a fence. Any
 * payload it cannot read asks for a reload, so that a notice from a newer schema is never
 * misread as figures.
 */
export function parseNotice(payload: string): BookedDaysNotice {
  const [first = '', second = '', body = ''] = payload.split(' ', 3)
  if (first === 'fence') return { kind: 'fence', id: second }
  const xid = Number(first)
  if (!Number.isSafeInteger(xid) || xid <= 0) return { kind: 'reload', xid: 0 }
  if (body === 'fleet') return { kind: 'fleet', xid }
  if (body === 'reload' || body === '') return { kind: 'reload', xid }
  const days: NoticedDay[] = []
  for (const row of body.split(';')) {
    const [depotId, vehicleId, day, units] = row.split(',').map(Number)
    if (![depotId, vehicleId, day, units].every(Number.isSafeInteger))
      return { kind: 'reload', xid }
    days.push({
      depotId: depotId as number,
      vehicleId: vehicleId as number,
      day: day as number,
      units: units as number,
    })
  }
  return { kind: 'days', xid, days }
}

/**
 * A snapshot as `pg_current_snapshot()` writes it (`xmin:xmax:xip,...`): which transactions had
 * committed when it was taken.
 */
export type Snapshot = { xmin: number; xmax: number; inProgress: Set<number> }

export function parseSnapshot(text: string): Snapshot {
  const [xmin = '', xmax = '', inProgress = ''] = text.split(':')
  return {
    xmin: Number(xmin),
    xmax: Number(xmax),
    inProgress: new Set(inProgress === '' ? [] : inProgress.split(',').map(Number)),
  }
}

/**
 * Whether a committed transaction's changes are in what was read under the snapshot: it committed
 * before the snapshot was taken. (Its notice may still arrive after the rows were read.)
 */
export function seenBy(snapshot: Snapshot, xid: number): boolean {
  return xid < snapshot.xmin || (xid < snapshot.xmax && !snapshot.inProgress.has(xid))
}
