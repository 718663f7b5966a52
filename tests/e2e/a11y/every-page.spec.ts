// Issue 27's goal: axe finds nothing serious or critical on any page of the back office, as each demo
// role (owner, staff, reviewer, writer, superadmin), at 1440 px and at 390 px. The pages are the role's own
// sidebar (read from the shell's loader data, so a new page is covered the day it joins the sidebar) and
// the pages reached from them: an order, a contributor's order, the profile's security, notifications.
// The first page is loaded from the server; the rest are reached as a person reaches them, by the app's
// own client-side navigation (the Remix router), which renders the same React tree without a new document,
// bundle and hydration per page: about half of the spec's browser time (ADR 0091).
import type { Page } from '@playwright/test'
import { platformDb } from '#app/services/db.server'
import { expect, test } from '#tests/e2e/fixtures'
import { accessibilityProblems, WIDTHS } from '#tests/e2e/portal/axe'

type Item = { path?: string; external?: boolean; children?: Item[] }

async function sidebarPaths(page: Page): Promise<string[]> {
  const items = await page.evaluate(() => {
    const context = (window as unknown as { __remixContext: { state: { loaderData: Record<string, { shell?: { sidebar?: unknown } } | null> } } }).__remixContext
    return (context.state.loaderData['routes/_app']?.shell?.sidebar ?? []) as Item[]
  })
  return items
    .flatMap((item) => item.children ?? [item])
    .filter((item) => item.path && !item.external)
    .map((item) => item.path!)
}

type Router = {
  navigate: (to: string) => Promise<void>
  state: { location: { pathname: string }; errors: Record<string, unknown> | null; navigation: { state: string }; revalidation: string }
}

/**
 * Navigates inside the app and waits for the new page to be rendered; the route errors, if any. A page may
 * still be settling from the last navigation (a redirect, a revalidation, its URL tidied on load) and
 * interrupt this one, so the router is idle first, and a navigation that did not arrive is made again.
 */
async function visit(page: Page, path: string): Promise<{ at: string; errors: string[] }> {
  return page.evaluate(async (to) => {
    const router = (window as unknown as { __remixRouter: Router }).__remixRouter
    const target = to.split('?')[0]
    const idle = () => router.state.navigation.state === 'idle' && router.state.revalidation === 'idle'
    for (let attempt = 0; attempt < 3; attempt++) {
      for (let waited = 0; !idle() && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50))
      await router.navigate(to)
      if (router.state.location.pathname === target) break
    }
    // React commits the new state on its next render: two frames make sure it is painted.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    return { at: router.state.location.pathname, errors: Object.keys(router.state.errors ?? {}) }
  }, path)
}

async function demoOrderId(): Promise<string> {
  const order = await platformDb
    .selectFrom('orders')
    .innerJoin('organisations', 'organisations.id', 'orders.client_id')
    .innerJoin('users', 'users.id', 'orders.writer_id')
    .select('orders.public_id')
    .where('organisations.subdomain', '=', 'demowriting')
    .where('users.email', '=', 'writer@demo.test')
    .orderBy('orders.id')
    .executeTakeFirstOrThrow()
  return order.public_id
}

// The owner's forty pages are checked in three parts, so three workers share them.
const ROLES = [
  { email: 'owner@demo.test', parts: 3, extra: (id: string) => [`/project/view/${id}`, '/profile/security', '/notifications', '/chat'] },
  { email: 'staff@demo.test', extra: (id: string) => [`/project/view/${id}`, '/profile'] },
  { email: 'reviewer@demo.test', extra: () => ['/profile'] },
  { email: 'writer@demo.test', extra: (id: string) => [`/work/orders/${id}`, '/profile'] },
  { email: 'superadmin@demo.test', extra: () => ['/profile'] },
]

for (const role of ROLES) {
  const parts = ('parts' in role ? role.parts : undefined) ?? 1
  for (let part = 0; part < parts; part++) {
    test(`every page as ${role.email}${parts > 1 ? ` (part ${part + 1} of ${parts})` : ''} has no serious accessibility problem at 1440 and 390 px`, async ({
      page,
      loginAs,
      javaScriptEnabled,
    }) => {
      test.skip(!javaScriptEnabled, 'axe runs in the page')
      test.setTimeout(180_000)
      await loginAs(role.email)
      await page.setViewportSize(WIDTHS[0]!)
      await page.goto('/profile')
      await page.locator('[data-hydrated]').waitFor()
      const all = [...new Set([...(await sidebarPaths(page)), ...role.extra(await demoOrderId())])]
      expect(all.length).toBeGreaterThan(1)
      const paths = all.filter((_, index) => index % parts === part)
      const problems: string[] = []
      // The widths alternate (desktop then phone, phone then desktop), so each page costs one resize.
      let widths = WIDTHS
      for (const path of paths) {
        const { at, errors } = await visit(page, path)
        expect({ at, errors }, path).toEqual({ at: path.split('?')[0], errors: [] })
        for (const size of widths) {
          await page.setViewportSize(size)
          problems.push(...(await accessibilityProblems(page)).map((p) => `${path} @${size.width}: ${p}`))
        }
        widths = [...widths].reverse()
      }
      expect(problems, `${paths.length} pages`).toEqual([])
    })
  }
}
