// One Contributors Analytics widget (ADR 0047): the figures as a server-rendered table (the page reads
// without JavaScript) and, once hydrated, a bar chart fed by the metric's own POST call. A failed call
// shows 'Unexpected Error!!' in that widget only; a call aborted because the selection changed or the
// page went away is ignored. ApexCharts is the dashboard's browser-only chunk, loaded when a chart scrolls into view.
import { type ReactNode, useEffect, useState } from 'react'
import type { ApexOptions } from 'apexcharts'
import { ChartPlaceholder, DashboardWidget, FiguresTable, LazyChart, WidgetError } from '#app/components/dashboard/widget'
import type { Metric } from '#app/rules/contributors-analytics'

type CallState<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T[] }

/** POST one metric call with the selection; aborted when the inputs change or on unmount. */
export function useMetricCall<T>(metric: Metric, selectedWriters: readonly string[], filter?: string): CallState<T> {
  const [state, setState] = useState<CallState<T>>({ status: 'loading' })
  const url = `/api/client/writers/analytics/${metric}${filter ? `?filter=${encodeURIComponent(filter)}` : ''}`
  const body = JSON.stringify({ selectedWriters })
  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading' })
    fetch(url, { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json', 'content-type': 'application/json' }, body, signal: controller.signal })
      .then(async (res) => {
        // A 401 on a standard call ends the session (portal section 4).
        if (res.status === 401) return window.location.assign(`/login?redirectTo=${encodeURIComponent(window.location.pathname + window.location.search)}`)
        const answer = (await res.json().catch(() => null)) as { status?: unknown; data?: T[] } | null
        if (!res.ok || !answer || answer.status === false || !Array.isArray(answer.data)) throw new Error(`${url} answered ${res.status}`)
        setState({ status: 'ready', data: answer.data })
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || (error instanceof Error && error.name === 'AbortError')) return
        setState({ status: 'error' })
      })
    return () => controller.abort()
  }, [url, body])
  return state
}

export type BarSeries<T> = { name: string; value: (row: T) => number | null }

/** A bar chart of the call's rows: one category per contributor, one bar per series. */
function MetricChart<T extends { writerName: string }>({
  title,
  metric,
  selectedWriters,
  filter,
  series,
  yTitle,
  format,
}: {
  title: string
  metric: Metric
  selectedWriters: readonly string[]
  filter?: string
  series: BarSeries<T>[]
  yTitle: string
  format: (value: number) => string
}) {
  const state = useMetricCall<T>(metric, selectedWriters, filter)
  if (state.status === 'error') return <WidgetError />
  if (state.status === 'loading') return <ChartPlaceholder label={`${title} loading`} />
  if (state.data.length === 0) return <p className="py-8 text-center text-sm text-gray-500">No contributors to show.</p>
  const options: ApexOptions = {
    chart: { toolbar: { show: false }, animations: { enabled: false } },
    xaxis: { categories: state.data.map((r) => r.writerName) },
    yaxis: { title: { text: yTitle }, labels: { formatter: (v: number) => format(v) } },
    tooltip: { y: { formatter: (v: number) => format(v) } },
    dataLabels: { enabled: false },
    plotOptions: { bar: { borderRadius: 3, columnWidth: '55%' } },
    legend: { show: series.length > 1 },
  }
  return <LazyChart title={title} spec={{ type: 'bar', options, series: series.map((s) => ({ name: s.name, data: state.data.map((r) => s.value(r) ?? 0) })) }} />
}

/** The card: the table always (behind 'Show figures' once the chart is drawn), the chart with JavaScript. */
export function MetricWidget<T extends { _id: string; writerName: string }>({
  title,
  description,
  metric,
  rows,
  failed,
  selectedWriters,
  filter,
  columns,
  series,
  yTitle,
  format,
}: {
  title: string
  description: string
  metric: Metric
  rows: T[]
  failed: boolean
  selectedWriters: readonly string[]
  filter?: string
  columns: { head: string; cell: (row: T) => ReactNode }[]
  series: BarSeries<T>[]
  yTitle: string
  format: (value: number) => string
}) {
  return (
    <DashboardWidget
      title={title}
      failed={failed}
      table={
        <div className="space-y-2">
          <p className="text-sm text-gray-500">{description}</p>
          <FiguresTable
            label={title}
            head={['Contributor', ...columns.map((c) => c.head)]}
            rows={rows.map((r) => [r.writerName, ...columns.map((c) => c.cell(r))])}
            empty="No contributors to show."
          />
        </div>
      }
      chart={<MetricChart title={title} metric={metric} selectedWriters={selectedWriters} filter={filter} series={series} yTitle={yTitle} format={format} />}
    />
  )
}
