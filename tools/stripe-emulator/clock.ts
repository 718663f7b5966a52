// Emulated time: a global clock (real time plus an offset) and Stripe test clocks (frozen times).
export const DAY = 86_400

export type Interval = 'day' | 'week' | 'month' | 'year'

export function realNow(): number {
  return Math.floor(Date.now() / 1000)
}

/** Calendar months in UTC with the day clamped to the month's end, as Stripe bills (Jan 31 → Feb 28). */
export function addMonths(timestamp: number, months: number): number {
  const date = new Date(timestamp * 1000)
  const day = date.getUTCDate()
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()))
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(day, lastDay))
  return Math.floor(target.getTime() / 1000)
}

/** The n-th period boundary after `anchor`; counting from the anchor keeps the 31st from drifting. */
export function periodBoundary(anchor: number, interval: Interval, intervalCount: number, n: number): number {
  const steps = intervalCount * n
  switch (interval) {
    case 'day':
      return anchor + steps * DAY
    case 'week':
      return anchor + steps * 7 * DAY
    case 'month':
      return addMonths(anchor, steps)
    case 'year':
      return addMonths(anchor, steps * 12)
  }
}

/** The first period boundary strictly after `after`. */
export function nextBoundary(anchor: number, interval: Interval, intervalCount: number, after: number): number {
  let n = 1
  while (periodBoundary(anchor, interval, intervalCount, n) <= after) n++
  return periodBoundary(anchor, interval, intervalCount, n)
}

export type TestClockRecord = {
  id: string
  name: string | null
  frozen_time: number
  created: number
  status: 'ready' | 'advancing'
  deletes_after: number
}

/** One time source per scope: the global clock, or a test clock a customer was created with. */
export class Clocks {
  private offset = 0
  readonly testClocks = new Map<string, TestClockRecord>()

  globalNow(): number {
    return realNow() + this.offset
  }

  /** Moves the global clock; never backwards, like Stripe's clocks. */
  setGlobal(target: number): void {
    if (target > this.globalNow()) this.offset = target - realNow()
  }

  nowFor(testClockId: string | null | undefined): number {
    if (!testClockId) return this.globalNow()
    return this.testClocks.get(testClockId)?.frozen_time ?? this.globalNow()
  }
}
