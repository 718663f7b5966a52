// White content cards and the small figure cards of the dashboard.
import { cn } from './cn'

export function Card({ className, children, ...props }: React.HTMLAttributes<HTMLElement>) {
  return (
    <section className={cn('rounded-lg bg-white p-5 shadow-xs ring-1 ring-gray-200', className)} {...props}>
      {children}
    </section>
  )
}

/** `note` says what the figure counts where another page counts differently (issue 27). */
export function StatCard({ label, value, testId, note }: { label: string; value: React.ReactNode; testId?: string; note?: React.ReactNode }) {
  return (
    <Card aria-label={label} data-testid={testId}>
      <p className="text-sm font-medium text-gray-500">{label}</p>
      <p className="mt-2 text-3xl font-semibold tracking-tight text-gray-900">{value}</p>
      {note ? <p className="mt-1 text-xs text-gray-600">{note}</p> : null}
    </Card>
  )
}
