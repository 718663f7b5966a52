// The back office's initial JavaScript (issue 27), measured as the storefront's (storefront-weight.spec.ts):
// Chromium opens each page as the demo owner with JavaScript on; the document's <script src> and
// modulepreload links, every script the browser fetches until the network is idle and the inline
// scripts, each gzipped with Node's zlib. The loader data (Remix streams it in inline scripts) is counted apart:
// it is the page's rows, as many as the spec's page size (50 to 100), and grows with what the suite has written
// before, so the goal is held on the code and the data gets a ceiling of its own (ADR 0108). The window is short
// (1280 x 400) so that no chart is in view: ApexCharts loads only when one scrolls into view (ADR 0073), which the
// test then does on the dashboard. Pages: the dashboard, contributor analytics and every list page of the owner's
// sidebar (read from the shell's loader data). The dashboard, its data included, is asserted at most 150 kB; every
// list page's code at most the goal of 120 kB, and its data at most 16 kB; no page fetches Headless UI (the top
// bar's menus, the phone's drawer, dialogs) before someone opens one.
import zlib from 'node:zlib'
import { rawRequest } from '#tests/security/raw-http'
import { expect, test } from '../fixtures'
import { kB, scriptsOf } from './scripts-of'

const DEMO_ORG = 'Demo Writing Co'
const DASHBOARD_BUDGET = 150 * 1024
const LIST_GOAL = 120 * 1024
// 100 audit-log or invoice rows measured 8.3 kB gzipped: twice that means rows carry more than they show.
const LIST_DATA_CEILING = 16 * 1024
/** Remix's single fetch streams the loader data in inline scripts of this shape. */
const LOADER_DATA = /^\s*window\.__remixContext\.streamController\.(enqueue|close)\(/
const FIRST_PAGES = ['/dashboard', '/client/users/contributors/analytics']
// A sidebar entry that lists records: /orders/view, /products/forms/list, /crm/user/view/all, /orders/invoices, ...
const LIST_PAGE = /\/(view|list|all|invoices|revisions|audit-logs)$/

type Item = { path?: string; external?: boolean; children?: Item[] }

test('the dashboard starts with at most 150 kB of JavaScript, gzipped, list pages with at most 120 kB of code, the charts and menus wait', async ({
  page,
  loginAs,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, 'JavaScript weight')
  // About 17 pages, each until the network is idle: some 15 s alone, more beside other tests.
  test.setTimeout(60_000)
  await page.setViewportSize({ width: 1280, height: 400 })
  await loginAs('owner@demo.test', DEMO_ORG)
  const host = new URL(baseURL!).host
  const gzipped = new Map<string, number>()
  const totals: Record<string, number> = {}
  const code: Record<string, number> = {}
  const data: Record<string, number> = {}
  const reports: string[] = []
  let chartOnStart = false
  const headlessOnStart: string[] = []
  const pages = [...FIRST_PAGES]
  for (let i = 0; i < pages.length; i++) {
    const path = pages[i]!
    const fetched = new Set<string>()
    const onRequest = (r: import('@playwright/test').Request) => {
      if (r.resourceType() === 'script') fetched.add(new URL(r.url()).pathname)
    }
    page.on('request', onRequest)
    const answer = await page.goto(path)
    expect(answer?.status(), path).toBe(200)
    await page.waitForFunction(() => '__remixRouter' in window)
    await page.waitForLoadState('networkidle')
    page.off('request', onRequest)
    const { external, inline } = scriptsOf(await answer!.text())
    const files = new Set([...external].map((src) => new URL(src, baseURL).pathname).concat([...fetched]))
    const sizes: [string, number][] = []
    for (const file of files) {
      if (!gzipped.has(file)) {
        const res = await rawRequest({ path: file, headers: { Host: host } })
        expect(res.status, file).toBe(200)
        gzipped.set(file, zlib.gzipSync(res.body).length)
      }
      sizes.push([file.replace(/^\/assets\//, ''), gzipped.get(file)!])
    }
    for (const [i, body] of inline.entries()) if (!LOADER_DATA.test(body)) sizes.push([`inline ${i + 1}`, zlib.gzipSync(body).length])
    sizes.sort((a, b) => b[1] - a[1])
    code[path] = sizes.reduce((n, [, bytes]) => n + bytes, 0)
    const loaderData = inline.filter((body) => LOADER_DATA.test(body))
    data[path] = loaderData.length ? zlib.gzipSync(loaderData.join('\n')).length : 0
    totals[path] = code[path]! + data[path]!
    reports.push(`${path}: ${kB(code[path]!)} of code + ${kB(data[path]!)} of loader data (${sizes.map(([what, bytes]) => `${what} ${kB(bytes)}`).join(', ')})`)
    if (path === '/dashboard') {
      chartOnStart = sizes.some(([what]) => what.startsWith('apex-chart'))
      const sidebar = await page.evaluate(() => {
        const context = (window as unknown as { __remixContext: { state: { loaderData: Record<string, { shell?: { sidebar?: unknown } } | null> } } }).__remixContext
        return (context.state.loaderData['routes/_app']?.shell?.sidebar ?? []) as Item[]
      })
      for (const item of sidebar.flatMap((entry) => entry.children ?? [entry])) {
        if (item.path && !item.external && LIST_PAGE.test(item.path) && !pages.includes(item.path)) pages.push(item.path)
      }
    }
    // Headless UI's own modules (menu-headless, phone-drawer, panel-dialog-headless) come on first use.
    if (sizes.some(([what]) => /^(menu-headless|phone-drawer|panel-dialog-headless)-/.test(what))) headlessOnStart.push(path)
  }
  const lists = pages.filter((path) => !FIRST_PAGES.includes(path))
  // Back on the dashboard: the chart module comes when the first chart scrolls into view, not before.
  await page.goto('/dashboard')
  await page.waitForFunction(() => '__remixRouter' in window)
  const chartModule = page.waitForRequest((r) => /\/apex-chart[^/]*\.js$/.test(r.url()))
  const chart = page.getByRole('figure', { name: 'Sales History chart' })
  await chart.scrollIntoViewIfNeeded()
  await chartModule
  await expect(chart.locator('svg').first()).toBeVisible({ timeout: 15_000 })
  const report = reports.join('\n')
  test.info().annotations.push({ type: 'back-office JavaScript', description: report })
  console.log(`Back-office initial JavaScript:\n${report}`)
  const overGoal = lists.filter((path) => code[path]! > LIST_GOAL)
  console.log(`List pages whose code is over ${kB(LIST_GOAL)}: ${overGoal.length} of ${lists.length}`)
  expect(chartOnStart, `no chart before one is in view\n${report}`).toBe(false)
  expect(headlessOnStart, 'Headless UI before a menu, drawer or dialog opens').toEqual([])
  expect(totals['/dashboard'], report).toBeLessThanOrEqual(DASHBOARD_BUDGET)
  expect(lists.length, 'the owner has list pages').toBeGreaterThan(10)
  expect(
    Object.values(data).every((bytes) => bytes > 0),
    'the loader data was found',
  ).toBe(true)
  for (const path of lists) {
    expect(code[path], `${path}\n${report}`).toBeLessThanOrEqual(LIST_GOAL)
    expect(data[path], `${path}\n${report}`).toBeLessThanOrEqual(LIST_DATA_CEILING)
  }
})
