// Tabs whose selection lives in the URL (?tab=...): each tab is a link, so they work without JavaScript
// and a reload or a shared link opens the same tab.
import { Link } from '@remix-run/react'
import { cn } from './cn'

export type UrlTab = { key: string; label: string; to: string }

export function UrlTabs({ label, tabs, current }: { label: string; tabs: UrlTab[]; current: string }) {
  return (
    <nav aria-label={label} className="border-b border-gray-200">
      {/* Tabs wrap onto a second line on a phone rather than push the page sideways. */}
      <ul className="-mb-px flex flex-wrap gap-x-6 gap-y-2">
        {tabs.map((tab) => {
          const active = tab.key === current
          return (
            <li key={tab.key}>
              <Link
                to={tab.to}
                aria-current={active ? 'page' : undefined}
                preventScrollReset
                className={cn(
                  'inline-block border-b-2 px-1 pb-2 text-sm font-medium',
                  active ? 'border-brand-600 text-brand-700' : 'border-transparent text-gray-500 hover:border-gray-300 hover:text-gray-700',
                )}
              >
                {tab.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
