// Response headers through the real server: a nonce-based CSP that the app's own scripts pass (in a
// real browser, with no violation) and injected scripts without the nonce do not, Permissions-Policy, no-store on signed-in pages and JSON; and, on
// a second server started in production mode, HSTS, the __Host- session cookie, PUBLIC_URL required.
import { type ChildProcess, spawn } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { createTenant, TEST_PASSWORD } from '#tests/factories/index'
import { BASE_URL, organisationChoice, signIn } from './helpers'
import { PORT, rawRequest } from './raw-http'

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  )
}

test.describe('in the test server', () => {
  test('every page gets a fresh nonce, and every script in it carries that nonce', async () => {
    const first = await rawRequest({ path: '/login' })
    const second = await rawRequest({ path: '/login' })
    const policy = directives(String(first.headers['content-security-policy']))
    const nonce = policy['script-src']![0]!.match(/^'nonce-([A-Za-z0-9+/=]+)'$/)?.[1]
    expect(nonce).toBeTruthy()
    expect(policy['script-src']).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'"])
    expect(policy['object-src']).toEqual(["'none'"])
    expect(policy['base-uri']).toEqual(["'self'"])
    expect(policy['frame-ancestors']).toEqual(["'self'"])
    expect(policy['form-action']).toEqual(["'self'"])
    expect(String(second.headers['content-security-policy'])).not.toContain(nonce)

    const scripts = [...first.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)

    expect(first.headers['permissions-policy']).toMatch(/camera=\(\)/)
    expect(first.headers['permissions-policy']).toMatch(/microphone=\(\)/)
    expect(first.headers['permissions-policy']).toMatch(/geolocation=\(\)/)
    expect(first.headers['permissions-policy']).toMatch(/payment=\(self\)/)
    expect(first.headers['x-content-type-options']).toBe('nosniff')
    // HTTP on localhost: HSTS only in production.
    expect(first.headers['strict-transport-security']).toBeUndefined()
  })

  test('signed-in pages and JSON answers are never stored', async ({ request }) => {
    const { owner } = await createTenant()
    const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
    const page = await rawRequest({ path: '/dashboard', headers: { Cookie: cookie } })
    expect(page.status).toBe(200)
    expect(page.headers['cache-control']).toBe('no-store')
    const data = await rawRequest({ path: '/dashboard.data', headers: { Cookie: cookie } })
    expect(data.headers['cache-control']).toBe('no-store')
    for (const path of ['/api/auth/user', '/api/permissions', `/api/user/orgs?email=${encodeURIComponent(owner.email)}`]) {
      const res = await rawRequest({ path, headers: { Cookie: cookie } })
      expect(res.headers['cache-control'], path).toBe('no-store')
    }
    const anonymousJson = await rawRequest({ path: '/api/auth/user' })
    expect(anonymousJson.headers['cache-control']).toBe('no-store')
  })

  test('the app runs its JavaScript under the CSP without a single violation', async ({ page, context, request }) => {
    const { owner } = await createTenant()
    const cookie = await signIn(request, owner.email, undefined, TEST_PASSWORD)
    const [name, ...value] = cookie.split('=')
    await context.addCookies([{ name: name!, value: value.join('='), url: BASE_URL, httpOnly: true, sameSite: 'Lax' }])

    const problems: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' && /content.security.policy|refused to|csp violation/i.test(m.text())) problems.push(m.text())
    })
    page.on('pageerror', (e) => problems.push(e.message))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`))
    })

    const response = await page.goto('/dashboard')
    expect(response?.headers()['content-security-policy']).toContain("'strict-dynamic'")
    // Hydrated: the router exists only once the nonce'd module scripts ran.
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true)
    const nonce = /'nonce-([^']+)'/.exec(response!.headers()['content-security-policy']!)![1]
    expect(await page.evaluate((n) => [...document.scripts].every((s) => s.nonce === n), nonce)).toBe(true)

    // A client-side navigation loads a route chunk (strict-dynamic) and its data (connect-src) without a reload.
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1))
    await page.evaluate(() => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate('/profile'))
    await expect(page).toHaveURL(/\/profile$/)
    await expect(page).toHaveTitle('Profile | Draftdesk')
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1)

    // The sign-in page's own script (the e-mail step fetches the organisations) works too.
    await context.clearCookies()
    await page.goto('/login')
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true)
    expect(problems).toEqual([])
  })

  test('a script injected into the page without its nonce does not run', async ({ page }) => {
    // An XSS as the browser would see it: the server's own page and CSP header, with markup an
    // attacker slipped into the HTML (an inline and an external script), then markup injected into
    // the DOM later (an inline event handler). None runs; each is reported as a violation.
    // ('strict-dynamic' does trust scripts that our own nonce'd code creates: that is by design.)
    await page.route('**/login', async (route) => {
      const response = await route.fetch()
      const html = (await response.text()).replace('<head>', '<head><script>window.__injected = "inline"</script><script src="/injected.js"></script>')
      await route.fulfill({ response, body: html })
    })
    await page.addInitScript(() => {
      const w = window as unknown as { __violations: string[] }
      w.__violations = []
      document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`))
    })
    const response = await page.goto('/login')
    expect(response?.headers()['content-security-policy']).toContain("'nonce-")
    // The page's own nonce'd scripts still run.
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true)

    const afterLoad = await page.evaluate(() => {
      const w = window as unknown as { __injected?: string; __violations: string[] }
      return { injected: w.__injected ?? null, violations: w.__violations.splice(0) }
    })
    expect(afterLoad.injected).toBeNull()
    expect(afterLoad.violations).toContain('script-src-elem inline')
    expect(afterLoad.violations).toContain(`script-src-elem ${BASE_URL}/injected.js`)

    await page.evaluate(() => {
      const markup = document.createElement('div')
      markup.innerHTML = '<img src="/missing.png" onerror="window.__injectedLater = true">'
      document.body.append(markup)
    })
    await expect.poll(() => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual(['script-src-attr inline'])
    expect(await page.evaluate(() => (window as unknown as { __injectedLater?: boolean }).__injectedLater ?? null)).toBeNull()
  })
})

test.describe('in production mode', () => {
  test.describe.configure({ mode: 'serial' })

  const port = PORT + 7
  const publicUrl = 'https://draftdesk.test'
  let server: ChildProcess | null = null

  function start(extraEnv: Record<string, string | undefined>) {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      APP_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      RUN_WORKERS: 'false',
      SMTP_SINK_PORT: undefined,
      ...extraEnv,
    }
    const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (c: Buffer) => (output += c))
    child.stderr.on('data', (c: Buffer) => (output += c))
    return { child, output: () => output }
  }

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r))
      server.kill('SIGTERM')
      await exited
    }
  })

  test('refuses to start without PUBLIC_URL', async () => {
    const { child, output } = start({ PUBLIC_URL: undefined })
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).not.toBe(0)
    expect(output()).toContain('PUBLIC_URL: required in production')
  })

  test('sends HSTS and a __Host- session cookie, and trusts only PUBLIC_URL as origin', async ({ request }) => {
    test.setTimeout(60_000)
    const started = start({ PUBLIC_URL: publicUrl })
    server = started.child
    await expect.poll(async () => (await rawRequest({ path: '/healthz', port }).catch(() => ({ status: 0 }))).status, { timeout: 45_000, message: started.output() }).toBe(200)

    const page = await rawRequest({ path: '/login', port })
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/)
    expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests')
    expect(String(page.headers['content-security-policy'])).toContain('wss://draftdesk.test')

    const { owner } = await createTenant()
    const choice = await organisationChoice(request, owner.email)
    const body = JSON.stringify({ email: owner.email, password: TEST_PASSWORD, clientId: choice.client_id, role: choice.role })
    // The origin the request was addressed to is not enough in production.
    const addressed = await rawRequest({ method: 'POST', path: '/api/auth/login', port, headers: { 'Content-Type': 'application/json', Origin: `http://localhost:${port}` }, body })
    expect(addressed.status).toBe(403)

    const login = await rawRequest({ method: 'POST', path: '/api/auth/login', port, headers: { 'Content-Type': 'application/json', Origin: publicUrl }, body })
    expect(login.status, login.body).toBe(200)
    const setCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-session='))
    expect(setCookie).toBeTruthy()
    expect(setCookie).toMatch(/;\s*Secure/i)
    expect(setCookie).toMatch(/;\s*Path=\//i)
    expect(setCookie).toMatch(/;\s*HttpOnly/i)
    expect(setCookie).not.toMatch(/Domain=/i)
    const user = await rawRequest({ path: '/api/auth/user', port, headers: { Cookie: setCookie!.split(';')[0]! } })
    expect(user.status).toBe(200)
    expect(user.headers['cache-control']).toBe('no-store')
  })
})
