// One dashboard widget: a titled card whose figures are a server-rendered table (so the page reads
// without JavaScript) and, once hydrated, a chart fed by the widget's own analytics call. A failed
// call shows 'Unexpected Error!!' in that widget only; a call aborted because the page went away is ignored.
// ApexCharts (about 200 kB gzipped) loads only when a chart scrolls into view (ADR 0073).
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react'
import type { ApexOptions } from 'apexcharts'
import { WIDGET_ERROR } from '#app/rules/dashboard'
import { Alert } from '#app/ui/alert'
import { Card } from '#app/ui/card'
import { cn } from '#app/ui/cn'
import { useHydrated } from '#app/ui/use-hydrated'
import { Table, TBody, Th, THead } from '#app/ui/table'

const ApexChart = lazy(() => import('./apex-chart.client'))

export type ChartSpec = { type: 'area' | 'line' | 'bar' | 'donut' | 'pie'; series: ApexOptions['series']; options: ApexOptions }

type CallState<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T }

/** GET one analytics call; aborted on unmount, and an aborted request is no error. */
export function useAnalyticsCall<T>(url: string): CallState<T> {
  const [state, setState] = useState<CallState<T>>({ status: 'loading' })
  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading' })
    fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' }, signal: controller.signal })
      .then(async (res) => {
        // A 401 on a standard call ends the session (portal section 4).
        if (res.status === 401) return window.location.assign(`/login?redirectTo=${encodeURIComponent(window.location.pathname + window.location.search)}`)
        const body = (await res.json().catch(() => null)) as (T & { status?: unknown }) | null
        if (!res.ok || !body || body.status === false) throw new Error(`${url} answered ${res.status}`)
        setState({ status: 'ready', data: body })
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || (error instanceof Error && error.name === 'AbortError')) return
        setState({ status: 'error' })
      })
    return () => controller.abort()
  }, [url])
  return state
}

export function WidgetError() {
  return <Alert tone="danger">{WIDGET_ERROR}</Alert>
}

const CHART_HEIGHT = 280

/** The grey box a chart takes while it waits or loads; its words are for screen readers (a plain div may not carry a label). */
export function ChartPlaceholder({ label }: { label: string }) {
  return (
    <div className="animate-pulse rounded-md bg-gray-50" style={{ height: CHART_HEIGHT }} aria-busy="true">
      <span className="sr-only">{label}</span>
    </div>
  )
}

/** Whether the element has reached the viewport yet (once true, stays true; true where there is no IntersectionObserver). */
function useSeen<E extends Element>() {
  const ref = useRef<E>(null)
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (seen || !element) return
    if (typeof IntersectionObserver === 'undefined') return setSeen(true)
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setSeen(true)
        observer.disconnect()
      }
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [seen])
  return [ref, seen] as const
}

/**
 * An ApexCharts chart, labelled for screen readers and tests, whose module is imported only once the
 * chart's place scrolls into view: until then (and while it loads) a placeholder of the same height.
 * A figure, not an image: ApexCharts draws interactive legends and markers, which an image may not hold;
 * its accessible alternative is the widget's table of the same figures ('Show figures').
 */
export function LazyChart({ title, spec }: { title: string; spec: ChartSpec }) {
  const [ref, seen] = useSeen<HTMLDivElement>()
  return (
    <div ref={ref} role="figure" aria-label={`${title} chart`}>
      {seen ? (
        <Suspense fallback={<ChartPlaceholder label={`${title} loading`} />}>
          <ApexChart type={spec.type} series={spec.series} options={spec.options} height={CHART_HEIGHT} />
        </Suspense>
      ) : (
        <ChartPlaceholder label={`${title} waiting`} />
      )}
    </div>
  )
}

/** The chart of one widget: its call's answer turned into a chart by `build` (null: nothing to draw). */
export function AnalyticsChart<T>({
  title,
  call,
  build,
  empty = 'No data for this period yet.',
}: {
  title: string
  call: string
  build: (data: T) => ChartSpec | null
  empty?: string
}) {
  const state = useAnalyticsCall<T>(call)
  if (state.status === 'error') return <WidgetError />
  if (state.status === 'loading') return <ChartPlaceholder label={`${title} loading`} />
  const spec = build(state.data)
  if (!spec) return <p className="py-8 text-center text-sm text-gray-500">{empty}</p>
  return <LazyChart title={title} spec={spec} />
}

/**
 * The card. Without JavaScript (and before hydration) the table is the widget; with it the chart
 * takes the place and the same figures stay one click away. `failed`: the page could not read them.
 */
export function DashboardWidget({ title, failed, table, chart, className }: { title: string; failed: boolean; table: ReactNode; chart?: ReactNode; className?: string }) {
  const hydrated = useHydrated()
  const charted = hydrated && chart
  return (
    <Card aria-label={title} className={cn('min-w-0', className)}>
      <h2 className="text-base font-semibold text-gray-900">{title}</h2>
      <div className="mt-3 space-y-3">
        {charted ? chart : null}
        {failed ? (
          charted ? null : (
            <WidgetError />
          )
        ) : charted ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-gray-500 hover:text-gray-700">Show figures</summary>
            <div className="mt-2">{table}</div>
          </details>
        ) : (
          table
        )}
      </div>
    </Card>
  )
}

/** A small read-only table of figures, labelled for screen readers and tests. */
export function FiguresTable({ label, head, rows, empty, numbered }: { label: string; head: ReactNode[]; rows: ReactNode[][]; empty?: string; numbered?: boolean }) {
  if (rows.length === 0 && empty) return <p className="text-sm text-gray-500">{empty}</p>
  return (
    <Table label={label} frame="scroll" className="min-w-full text-sm">
      <THead plain rowClassName="border-b border-gray-200 text-left text-gray-500">
        {numbered ? <Th className="w-8 py-1.5 pr-2 font-medium">#</Th> : null}
        {head.map((h, i) => (
          <Th key={i} className={cn('py-1.5 pr-3 font-medium', i > 0 && 'text-right')}>
            {h}
          </Th>
        ))}
      </THead>
      <TBody plain>
        {rows.map((cells, r) => (
          <tr key={r} className="border-b border-gray-100 last:border-0">
            {numbered ? <td className="py-1.5 pr-2 tabular-nums text-gray-500">{r + 1}</td> : null}
            {cells.map((c, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-1.5 pr-3 text-left font-normal text-gray-900">
                  {c}
                </th>
              ) : (
                <td key={i} className="py-1.5 pr-3 text-right tabular-nums text-gray-700">
                  {c}
                </td>
              ),
            )}
          </tr>
        ))}
      </TBody>
    </Table>
  )
}
