// Filters, universal search and toggles of the View All tab. Everything lives in the URL (a GET form with an
// Apply button without JavaScript); with it, selects apply at once, the search after 500 ms, and the last
// filters are kept under localStorage 'viewOrderFilters' and restored when the list opens without any.
import { Form, Link, useNavigate, useSearchParams, useSubmit } from '@remix-run/react'
import { useEffect, useId, useRef, useState } from 'react'
import { SwitchTrack } from '#app/components/data-table'
import { FILTER_PARAMS, FILTERS_STORAGE_KEY, hasFilterParams, UNASSIGNED } from '#app/models/orders-list.names'
import { ORDER_PRIORITIES, PRIORITY_STYLE } from '#app/rules/order-priority'
import { NO_CONTRIBUTOR } from '#app/rules/order-tasks'
import { PROJECT_STATUSES } from '#app/rules/project-status'
import { tableHref } from '#app/rules/table-query'
import { buttonClass } from '#app/ui/button'
import { useHydrated } from '#app/ui/use-hydrated'

const SEARCH_DEBOUNCE_MS = 500
/** Parameters the filter form carries through unchanged (a new filter starts at the first page, so no cursor). */
const CARRIED = ['tab', 'archived', 'showSixMonthsCompleted', 'sort', 'dir', 'size'] as const

type Choice = { value: string; label: string }
type StoredFilters = Partial<Record<(typeof FILTER_PARAMS)[number], string[]>>

function readStored(): StoredFilters | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(FILTERS_STORAGE_KEY) ?? 'null')
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as StoredFilters) : null
  } catch {
    return null
  }
}

function store(form: HTMLFormElement) {
  const data = new FormData(form)
  const filters: StoredFilters = {}
  for (const name of FILTER_PARAMS) {
    const values = data
      .getAll(name)
      .map(String)
      .filter((v) => v !== '')
    if (values.length) filters[name] = values
  }
  try {
    if (Object.keys(filters).length) window.localStorage.setItem(FILTERS_STORAGE_KEY, JSON.stringify(filters))
    else window.localStorage.removeItem(FILTERS_STORAGE_KEY)
  } catch {
    // Storage may be full or disabled; the URL still holds the filters.
  }
}

const selectClass = 'block w-full rounded-md border-0 py-1.5 pr-8 pl-2 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-brand-600'

function FilterSelect({ name, label, options, value }: { name: string; label: string; options: Choice[]; value: string }) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-gray-600">
        {label}
      </label>
      {/* Keyed by its value, so a navigation (Back, Clear filters) shows the URL's choice again. */}
      <select id={id} name={name} defaultValue={value} key={value} className={selectClass}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

function ToggleLink({ param, label }: { param: string; label: string }) {
  const [params] = useSearchParams()
  const on = params.get(param) === 'true'
  return (
    <Link
      to={tableHref(params, { [param]: on ? null : 'true', cursor: null })}
      role="switch"
      aria-checked={on}
      preventScrollReset
      className="inline-flex items-center gap-2 text-sm font-medium text-gray-700"
    >
      <SwitchTrack on={on} />
      {label}
    </Link>
  )
}

export function OrdersListFilters({ products, contributors }: { products: Choice[]; contributors: Choice[] }) {
  const [params] = useSearchParams()
  const hydrated = useHydrated()
  const submit = useSubmit()
  const navigate = useNavigate()
  const form = useRef<HTMLFormElement>(null)
  const id = useId()
  const urlSearch = params.get('search') ?? ''
  const [search, setSearch] = useState(urlSearch)

  useEffect(() => setSearch(urlSearch), [urlSearch])

  // Opening the list without filters in the URL brings back the last ones this browser used.
  const restoreChecked = useRef(false)
  useEffect(() => {
    // Only when the list opens: later navigations are the user's own choices.
    if (restoreChecked.current) return
    restoreChecked.current = true
    if (hasFilterParams(params)) return
    const stored = readStored()
    if (!stored) return
    const next = new URLSearchParams(params)
    next.delete('cursor')
    for (const name of FILTER_PARAMS) for (const value of stored[name] ?? []) if (typeof value === 'string' && value) next.append(name, value)
    if (hasFilterParams(next)) navigate(`?${next}`, { replace: true, preventScrollReset: true })
  }, [params, navigate])

  useEffect(() => {
    if (!hydrated || search.trim() === urlSearch) return
    const timer = setTimeout(() => form.current && submit(form.current, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [hydrated, search, urlSearch, submit])

  const value = (name: string) => params.get(name) ?? ''
  const clearTo = tableHref(params, Object.fromEntries([...FILTER_PARAMS, 'search', 'cursor'].map((name) => [name, null])))

  return (
    <div className="space-y-3">
      <Form
        ref={form}
        method="get"
        role="search"
        aria-label="Filter orders"
        preventScrollReset
        onChange={(e) => {
          store(e.currentTarget)
          if (hydrated && e.target instanceof HTMLSelectElement) submit(e.currentTarget, { preventScrollReset: true })
        }}
        onSubmit={(e) => store(e.currentTarget)}
        className="grid grid-cols-2 items-end gap-3 md:grid-cols-4 xl:grid-cols-8"
      >
        {CARRIED.map((name) => (params.has(name) ? <input key={name} type="hidden" name={name} value={value(name)} /> : null))}
        <div className="col-span-2">
          <label htmlFor={`${id}-search`} className="mb-1 block text-xs font-medium text-gray-600">
            Search
          </label>
          <input
            id={`${id}-search`}
            type="search"
            name="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Customer, email, product or order id"
            maxLength={100}
            className="block w-full rounded-md border-0 px-3 py-1.5 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-brand-600"
          />
        </div>
        <FilterSelect name="product" label="Product" options={products} value={value('product')} />
        <FilterSelect name="contributor" label="Contributor" options={[{ value: UNASSIGNED, label: NO_CONTRIBUTOR }, ...contributors]} value={value('contributor')} />
        <FilterSelect name="priority" label="Priority" options={ORDER_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_STYLE[p].label }))} value={value('priority')} />
        <FilterSelect name="projectStatus" label="Project Status" options={PROJECT_STATUSES.map((s) => ({ value: s, label: s }))} value={value('projectStatus')} />
        <FilterSelect
          name="orderStatus"
          label="Order Status"
          options={[
            { value: 'completed', label: 'Completed' },
            { value: 'in-progress', label: 'In progress' },
          ]}
          value={value('orderStatus')}
        />
        <FilterSelect
          name="testOrder"
          label="Test Orders"
          options={[
            { value: 'true', label: 'Only test orders' },
            { value: 'false', label: 'Without test orders' },
          ]}
          value={value('testOrder')}
        />
        <FilterSelect
          name="hideOrder"
          label="Hidden Orders"
          options={[
            { value: 'true', label: 'Only hidden orders' },
            { value: 'false', label: 'Without hidden orders' },
          ]}
          value={value('hideOrder')}
        />
        {!hydrated && (
          <button type="submit" className={buttonClass('secondary')}>
            Apply
          </button>
        )}
      </Form>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <ToggleLink param="archived" label="Show Archived Orders" />
        <ToggleLink param="showSixMonthsCompleted" label="Show completed orders older than six months" />
        {hasFilterParams(params) || urlSearch ? (
          <Link
            to={clearTo}
            preventScrollReset
            onClick={() => {
              try {
                window.localStorage.removeItem(FILTERS_STORAGE_KEY)
              } catch {
                // Nothing stored then.
              }
            }}
            className="text-sm font-medium text-brand-600 hover:underline"
          >
            Clear filters
          </Link>
        ) : null}
      </div>
    </div>
  )
}
