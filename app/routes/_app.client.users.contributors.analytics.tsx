// /client/users/contributors/analytics: Contributors Analytics (beta). A GET form picks contributors and
// the order tracker's range (the URL keeps both); the order tracker and the four metrics render as tables
// on the server and, with JavaScript, as charts fed by the JSON calls (ADR 0047).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { MetricWidget } from '#app/components/contributors-analytics/metric-widget'
import { labelClass } from '#app/components/form-parts'
import { Badge, PageHeader } from '#app/components/page'
import { parsePageQuery } from '#app/models/contributors-analytics.schema'
import {
  analyticsOverview,
  chatResponseTime,
  type ChatRow,
  type FinalDeliveryRow,
  type FirstDraftRow,
  orderQuality,
  type OrderQuality,
  orderTracker,
  type OrderTrackerRow,
  type RatingRow,
} from '#app/models/contributors-analytics.server'
import { ANALYTICS_RANGES, type AnalyticsRange, DEFAULT_RANGE, formatDaysHours, formatRating, MAX_SELECTED_WRITERS, RANGE_LABELS } from '#app/rules/contributors-analytics'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { buttonClass } from '#app/ui/button'
import { cn } from '#app/ui/cn'

const PATH = '/client/users/contributors/analytics'

/** Each widget is read on its own: one failure shows 'Unexpected Error!!' there and leaves the rest. */
async function attempt<T>(what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read()
  } catch (error) {
    console.error(`[contributors analytics] ${what}`, error)
    return null
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard(PATH))
  const { selected, range } = parsePageQuery(new URL(request.url).searchParams)
  const overview = await analyticsOverview(t)
  // Only ids of this organisation's contributors stay selected; the rest of the URL names nothing.
  const known = new Set(overview.writers.map((w) => w._id))
  const selection = selected.filter((id) => known.has(id))
  const [tracker, quality, chat] = await Promise.all([
    attempt('order tracker', () => orderTracker(t, selection, range)),
    attempt('order metrics', () => orderQuality(t, selection)),
    attempt('chat response time', () => chatResponseTime(t, selection)),
  ])
  return { ...overview, selection, range, tracker, quality, chat }
}

function pageHref(selection: readonly string[], range: AnalyticsRange): string {
  const params = new URLSearchParams(selection.map((w) => ['w', w]))
  if (range !== DEFAULT_RANGE) params.set('range', range)
  const qs = params.toString()
  return `${PATH}${qs ? `?${qs}` : ''}`
}

const count = (n: number) => n.toLocaleString('en-US')
const days = (v: number) => formatDaysHours(v)

function ContributorPicker({ writers, selection, range }: { writers: { _id: string; writerName: string; active: boolean }[]; selection: string[]; range: AnalyticsRange }) {
  const navigation = useNavigation()
  const chosen = new Set(selection)
  return (
    <Form method="get" action={PATH} className="rounded-lg bg-white p-5 shadow-xs ring-1 ring-gray-200" aria-label="Choose contributors">
      <fieldset>
        <legend className={labelClass}>Contributors</legend>
        {writers.length === 0 ? (
          <p className="text-sm text-gray-500">No contributors yet. Add a user with the Writer permission to see their figures here.</p>
        ) : (
          <div className="mt-1 grid max-h-56 gap-1 overflow-y-auto rounded-md border border-gray-200 p-2 sm:grid-cols-2 lg:grid-cols-3">
            {writers.map((w) => (
              <label key={w._id} className="flex items-center gap-2 rounded px-1 py-0.5 text-sm text-gray-800 hover:bg-gray-50">
                <input type="checkbox" name="w" value={w._id} defaultChecked={chosen.has(w._id)} className="size-4 rounded border-gray-300 text-brand-600" />
                <span>
                  {w.writerName}
                  {w.active ? null : <span className="text-gray-500"> (inactive)</span>}
                </span>
              </label>
            ))}
          </div>
        )}
        <p className="mt-2 text-xs text-gray-500">
          {selection.length === 0
            ? `None selected: every contributor is shown (at most ${MAX_SELECTED_WRITERS}).`
            : `${selection.length} selected (at most ${MAX_SELECTED_WRITERS}).`}
        </p>
      </fieldset>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className={labelClass}>Order tracker range</span>
          <select name="range" defaultValue={range} className="rounded-md border-gray-300 text-sm">
            {ANALYTICS_RANGES.map((r) => (
              <option key={r} value={r}>
                {RANGE_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass('primary')} disabled={navigation.state === 'loading'}>
          Show analytics
        </button>
        {selection.length ? (
          <Link to={pageHref([], range)} className="text-sm font-medium text-brand-600 hover:underline">
            Clear selection
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

function RangeLinks({ selection, range }: { selection: string[]; range: AnalyticsRange }) {
  return (
    <nav aria-label="Order tracker range" className="flex flex-wrap gap-1">
      {ANALYTICS_RANGES.map((r) => (
        <Link
          key={r}
          to={pageHref(selection, r)}
          preventScrollReset
          aria-current={r === range ? 'page' : undefined}
          className={cn(
            'rounded-md px-2.5 py-1 text-xs font-medium ring-1 ring-inset',
            r === range ? 'bg-brand-600 text-white ring-brand-600' : 'text-gray-700 ring-gray-300 hover:bg-gray-50',
          )}
        >
          {RANGE_LABELS[r]}
        </Link>
      ))}
    </nav>
  )
}

export default function ContributorsAnalyticsRoute() {
  const { writers, settings, selection, range, tracker, quality, chat } = useLoaderData<typeof loader>()
  const q = quality as OrderQuality | null
  return (
    <div className="space-y-6">
      <PageHeader title="Contributors Analytics">
        <Badge tone="blue">Beta</Badge>
      </PageHeader>
      <ContributorPicker writers={writers} selection={selection} range={range} />

      <section aria-label="Order tracker section" className="space-y-2">
        <RangeLinks selection={selection} range={range} />
        <MetricWidget<OrderTrackerRow>
          title="Order Tracker"
          description={`Orders placed in the ${RANGE_LABELS[range].toLowerCase()} that are assigned to each contributor, and how many of them are completed.`}
          metric="order-tracker"
          filter={range}
          rows={(tracker ?? []) as OrderTrackerRow[]}
          failed={tracker === null}
          selectedWriters={selection}
          columns={[
            { head: 'Orders', cell: (r) => count(r.writerOrders) },
            { head: 'Completed', cell: (r) => count(r.completedOrders) },
          ]}
          series={[
            { name: 'Orders', value: (r) => r.writerOrders },
            { name: 'Completed', value: (r) => r.completedOrders },
          ]}
          yTitle="Orders"
          format={(v) => count(Math.round(v))}
        />
      </section>

      <p className="text-sm text-gray-500">The four charts below cover orders placed and chat messages sent in the last 6 months.</p>
      <div className="grid gap-4 lg:grid-cols-2">
        <MetricWidget<RatingRow>
          title="First Draft Rating"
          description={
            settings.disable_customer_rating
              ? 'Customer rating is turned off in the portal settings: only ratings given before that are counted.'
              : "Average customer rating (out of 5) of each order's first draft."
          }
          metric="first-draft-rating"
          rows={q?.rating ?? []}
          failed={q === null}
          selectedWriters={selection}
          columns={[
            { head: 'Average rating', cell: (r) => formatRating(r.avgRatingWithTwoDecimal) },
            { head: 'Rated orders', cell: (r) => count(r.ratedOrders) },
          ]}
          series={[{ name: 'Average rating', value: (r) => r.avgRatingWithTwoDecimal }]}
          yTitle="Rating"
          format={(v) => v.toFixed(2)}
        />
        <MetricWidget<ChatRow>
          title="Chat Response Time"
          description="Average time from an admin's message in the contributor chat to the contributor's reply."
          metric="chat-response-time"
          rows={(chat ?? []) as ChatRow[]}
          failed={chat === null}
          selectedWriters={selection}
          columns={[
            { head: 'Average response', cell: (r) => formatDaysHours(r.avgChatTimeInDays) },
            { head: 'Replies', cell: (r) => count(r.replies) },
          ]}
          series={[{ name: 'Average response (days)', value: (r) => r.avgChatTimeInDays }]}
          yTitle="Days"
          format={days}
        />
        <MetricWidget<FirstDraftRow>
          title="First Draft Response Time"
          description="Average time from assignment to the order's first draft."
          metric="first-draft-response-time"
          rows={q?.firstDraft ?? []}
          failed={q === null}
          selectedWriters={selection}
          columns={[
            { head: 'Average time', cell: (r) => formatDaysHours(r.avgFirstDraftResTimeInDays) },
            { head: 'Orders', cell: (r) => count(r.orders) },
          ]}
          series={[{ name: 'Average time (days)', value: (r) => r.avgFirstDraftResTimeInDays }]}
          yTitle="Days"
          format={days}
        />
        <MetricWidget<FinalDeliveryRow>
          title="Final Delivery Response Time"
          description="Average time from assignment to the order's completion (final documents delivered)."
          metric="final-delivery-response-time"
          rows={q?.finalDelivery ?? []}
          failed={q === null}
          selectedWriters={selection}
          columns={[
            { head: 'Average time', cell: (r) => formatDaysHours(r.avgFinalDocResTimeInDays) },
            { head: 'Orders', cell: (r) => count(r.orders) },
          ]}
          series={[{ name: 'Average time (days)', value: (r) => r.avgFinalDocResTimeInDays }]}
          yTitle="Days"
          format={days}
        />
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Contributors Analytics | Draftdesk' }]
