// White content cards and the small figure cards of the dashboard.
import { cn } from './cn'

export function Card({ className, children, ...props }: React.HTMLAttributes<HTMLElement>) {
  return (
    <section className={cn('rounded-lg bg-white p-5 shadow-xs ring-1 ring-gray-200', className)} {...props}>
      {children}
    </section>
  )
}

/**
 * A figure never overlaps its neighbour (issue 27): the card is a size container, so the figure's type
 * follows the card's width, not the screen's, and a figure longer than the card still wraps inside it.
 */
export const FIGURE_CLASS = 'min-w-0 text-xl font-semibold tracking-tight text-gray-900 tabular-nums [overflow-wrap:anywhere] @[12rem]:text-2xl @[16rem]:text-3xl'

/** `note` says what the figure counts where another page counts differently (issue 27). */
export function StatCard({ label, value, testId, note }: { label: string; value: React.ReactNode; testId?: string; note?: React.ReactNode }) {
  return (
    <Card aria-label={label} data-testid={testId} className="@container min-w-0">
      <p className="text-sm font-medium text-gray-500">{label}</p>
      <p className={cn('mt-2', FIGURE_CLASS)}>{value}</p>
      {note ? <p className="mt-1 text-xs text-gray-600">{note}</p> : null}
    </Card>
  )
}
