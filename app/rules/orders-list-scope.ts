// Why the orders list and the dashboard count differently (issue 27, ADR 0075): the list leaves out completed
// orders older than HIDDEN_COMPLETED_MONTHS (unless its toggle shows them) and archived orders (their own view);
// the dashboard's Total Orders counts every order but test orders. One place says it, in the list's own words.

/** The list hides orders completed longer ago than this many calendar months (orders-list.server.ts). */
export const HIDDEN_COMPLETED_MONTHS = 6

const MONTH_WORDS: Record<number, string> = { 1: 'one month', 3: 'three months', 6: 'six months', 12: 'twelve months' }
const monthsText = (months: number) => MONTH_WORDS[months] ?? `${months} months`

/** The moment before which a completed order counts as old: `months` calendar months before `now` (UTC). */
export function completedCutoff(now: Date, months = HIDDEN_COMPLETED_MONTHS): Date {
  const d = new Date(now)
  d.setUTCMonth(d.getUTCMonth() - months)
  return d
}

export type ListScopeNote = { text: string; link: string }

/** The line under the list's count: what it leaves out and the link that changes it. */
export function listScopeNote(showingOldCompleted: boolean, months = HIDDEN_COMPLETED_MONTHS): ListScopeNote {
  return showingOldCompleted
    ? { text: `Completed orders older than ${monthsText(months)} are included.`, link: 'Hide them' }
    : { text: `Completed orders older than ${monthsText(months)} are hidden.`, link: 'Show them' }
}

/** Under the dashboard's Total Orders: what it counts that the orders list does not show by default. */
export function totalOrdersNote(months = HIDDEN_COMPLETED_MONTHS): string {
  return `Includes archived orders and those completed over ${monthsText(months)} ago (hidden in the orders list); not test orders.`
}
