// Portal settings JSON calls through the real HTTP server (back-office section 7): domain, subdomain,
// custom domain, website customization, settings and currency change, with their permissions and
// the other organisation's data out of reach.
import { expect, test } from '@playwright/test'
import { OWNER_ONLY_DOMAIN, PENDING_CLAIM_TTL_MS } from '#app/models/domains.server'
import { platformDb } from '#app/services/db.server'
import { createTenant, createUser } from '#tests/factories/index'
import { linkFrom, waitForMail, waitForMailSaying } from '#tests/mailbox'
import { browsers, ORIGIN_HEADERS, ownerSession, staffSession } from './helpers'

const open = browsers()
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082', 'hex')
const suffix = () => Math.random().toString(36).slice(2, 8)

const COMPANY = { companyName: 'Acme Careers', companyPhone: '+1 555 0100', companyAddress: '1 Main Street', companyEmail: 'Hello@Acme.example' }

test.describe('domain', () => {
  test('GET /api/client/domain, POST /api/client/subdomain and /api/client/customdomain', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const other = await createTenant()
    const taken = `tkn${suffix()}`
    await platformDb.updateTable('organisations').set({ subdomain: taken }).where('id', '=', other.org.id).execute()

    const empty = await (await a.request.get('/api/client/domain')).json()
    expect(empty).toMatchObject({
      status: true,
      statusCode: 200,
      data: { subDomain: null, customDomain: null, sslStatus: 'pending', emailDeliveryStatus: 'pending', emailDeliveryData: [] },
    })

    for (const [subDomain, error] of [
      ['', 'Enter Subdomain'],
      ['ab', 'Subdomain must be 3 to 20 alphanumeric characters'],
      ['a'.repeat(21), 'Subdomain must be 3 to 20 alphanumeric characters'],
      ['no-dash', 'Subdomain must be 3 to 20 alphanumeric characters'],
      [taken.toUpperCase(), 'Subdomain is already taken'],
      ['admin', 'Subdomain is already taken'],
    ]) {
      const res = await a.request.post('/api/client/subdomain', { headers: ORIGIN_HEADERS, data: { subDomain } })
      expect(res.status(), subDomain).toBe(400)
      expect(await res.json()).toMatchObject({ status: false, error })
    }
    const mine = `Mine${suffix()}`
    const saved = await a.request.post('/api/client/subdomain', { headers: ORIGIN_HEADERS, data: { subDomain: mine } })
    expect(saved.status()).toBe(200)
    expect(await saved.json()).toMatchObject({ status: true, data: { subDomain: mine.toLowerCase() } })

    for (const [customDomain, error] of [
      ['', 'Enter Custom Domain'],
      ['not a domain', 'Enter a valid domain name, e.g. portal.example.com'],
      [`${mine}.localhost`, 'This domain belongs to the platform: use the subdomain instead'],
    ]) {
      const res = await a.request.post('/api/client/customdomain', { headers: ORIGIN_HEADERS, data: { customDomain } })
      expect(res.status(), customDomain).toBe(400)
      expect(await res.json()).toMatchObject({ status: false, error })
    }
    const custom = `portal.${mine.toLowerCase()}.example`
    const set = await a.request.post('/api/client/customdomain', { headers: ORIGIN_HEADERS, data: { customDomain: custom } })
    expect(set.status()).toBe(200)
    const body = await set.json()
    expect(body).toMatchObject({ status: true, data: { customDomain: custom, cnameTarget: `${mine.toLowerCase()}.localhost`, sslStatus: 'pending' } })
    expect(body.data.emailDeliveryData).toEqual([
      expect.objectContaining({ type: 'TXT', host: `bounce.${custom}`, data: 'v=spf1 include:_spf.localhost ~all' }),
      expect.objectContaining({ type: 'TXT', host: `dd1._domainkey.${custom}`, data: expect.stringMatching(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/) }),
    ])
    // Nothing secret in the answer.
    expect(JSON.stringify(body)).not.toMatch(/PRIVATE|dkim_private/i)

    // The other organisation cannot take the custom domain either.
    const b = await ownerSession(open, playwright)
    const clash = await b.request.post('/api/client/customdomain', { headers: ORIGIN_HEADERS, data: { customDomain: custom.toUpperCase() } })
    expect(clash.status()).toBe(400)
    expect(await clash.json()).toMatchObject({ status: false, error: 'Custom domain is already taken' })
    expect((await (await b.request.get('/api/client/domain')).json()).data.customDomain).toBeNull()
  })

  test("WRITE_DOMAIN to change the subdomain, READ_WEBSITE_SETTINGS to read; the custom domain is the owner's alone", async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const reader = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_WEBSITE_SETTINGS'])
    expect((await reader.request.get('/api/client/domain')).status()).toBe(200)
    for (const [path, data] of [
      ['/api/client/subdomain', { subDomain: `x${suffix()}` }],
      ['/api/client/customdomain', { customDomain: `x${suffix()}.example` }],
    ] as const) {
      const res = await reader.request.post(path, { headers: ORIGIN_HEADERS, data })
      expect(res.status(), path).toBe(403)
    }
    const writer = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_WEBSITE_SETTINGS', 'WRITE_DOMAIN'])
    expect((await writer.request.post('/api/client/subdomain', { headers: ORIGIN_HEADERS, data: { subDomain: `w${suffix()}` } })).status()).toBe(200)
    // Staff with WRITE_DOMAIN may not point the portal (and its e-mailed links) at a host of their choosing.
    const hijack = `evil${suffix()}.example`
    const refused = await writer.request.post('/api/client/customdomain', { headers: ORIGIN_HEADERS, data: { customDomain: hijack } })
    expect(refused.status()).toBe(403)
    expect(await refused.json()).toMatchObject({ status: false, error: OWNER_ONLY_DOMAIN })
    const page = await writer.request.post('/website-settings/domain', { headers: ORIGIN_HEADERS, form: { intent: 'customdomain', customDomain: hijack } })
    expect(page.status()).toBe(403)
    const stored = await platformDb.selectFrom('organisation_domains').select('custom_domain').where('client_id', '=', a.org.id).executeTakeFirst()
    expect(stored?.custom_domain ?? null).toBeNull()
    // What they could read, they still read.
    expect((await (await writer.request.get('/api/client/domain')).json()).data.customDomain).toBeNull()
    const outsider = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_ORDERS'])
    expect((await outsider.request.get('/api/client/domain')).status()).toBe(403)
    const anonymous = await open(playwright)
    expect((await anonymous.get('/api/client/domain')).status()).toBe(401)
    expect((await a.request.get('/api/client/subdomain')).status()).toBe(405)
  })

  test('every owner is told by e-mail whenever the custom domain changes', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const second = await createUser({ memberships: [{ clientId: a.org.id, role: 'client' }] })
    await platformDb
      .updateTable('organisations')
      .set({ subdomain: `own${suffix()}` })
      .where('id', '=', a.org.id)
      .execute()
    const since = new Date()
    const first = `one.${suffix()}.example`
    expect((await a.request.post('/api/client/customdomain', { headers: ORIGIN_HEADERS, data: { customDomain: first } })).status()).toBe(200)
    const [mine, theirs] = await Promise.all([waitForMail(a.owner.email, /custom domain .* changed/, since), waitForMail(second.email, /custom domain .* changed/, since)])
    for (const mail of [mine, theirs]) {
      expect(mail.text).toContain(`changed from none to ${first}`)
      // The button leads to the subdomain, a host the platform controls, never to the new custom domain.
      expect(linkFrom(mail, /\/website-settings\/domain/)).not.toContain(first)
    }
    const next = `two.${suffix()}.example`
    expect((await a.request.post('/api/client/customdomain', { headers: ORIGIN_HEADERS, data: { customDomain: next } })).status()).toBe(200)
    await waitForMailSaying(second.email, `changed from ${first} to ${next}`)
  })

  test('a pending custom-domain claim expires after 72 hours and then no longer blocks another organisation', async ({ playwright }) => {
    const [a, b] = await Promise.all([ownerSession(open, playwright), ownerSession(open, playwright)])
    const domain = `claim.${suffix()}.example`
    expect((await a.request.post('/api/client/customdomain', { headers: ORIGIN_HEADERS, data: { customDomain: domain } })).status()).toBe(200)
    const taken = await b.request.post('/api/client/customdomain', { headers: ORIGIN_HEADERS, data: { customDomain: domain } })
    expect(await taken.json()).toMatchObject({ status: false, error: 'Custom domain is already taken' })

    // Just before the period ends the claim still holds; a verified claim never expires.
    const age = (ms: number) =>
      platformDb
        .updateTable('organisation_domains')
        .set({ updated_at: new Date(Date.now() - ms) })
        .where('client_id', '=', a.org.id)
        .execute()
    await age(PENDING_CLAIM_TTL_MS - 60_000)
    expect((await b.request.post('/api/client/customdomain', { headers: ORIGIN_HEADERS, data: { customDomain: domain } })).status()).toBe(400)
    await platformDb.updateTable('organisation_domains').set({ cname_status: 'verified' }).where('client_id', '=', a.org.id).execute()
    await age(PENDING_CLAIM_TTL_MS + 60_000)
    expect((await b.request.post('/api/client/customdomain', { headers: ORIGIN_HEADERS, data: { customDomain: domain } })).status()).toBe(400)

    await platformDb.updateTable('organisation_domains').set({ cname_status: 'failed' }).where('client_id', '=', a.org.id).execute()
    const claimed = await b.request.post('/api/client/customdomain', { headers: ORIGIN_HEADERS, data: { customDomain: domain } })
    expect(claimed.status(), await claimed.text()).toBe(200)
    expect(await claimed.json()).toMatchObject({ status: true, data: { customDomain: domain, cnameStatus: 'pending' } })
    expect((await (await a.request.get('/api/client/domain')).json()).data.customDomain).toBeNull()
    // A's owner hears that the name went.
    await waitForMailSaying(a.owner.email, `changed from ${domain} to none`)
  })
})

test.describe('website customization', () => {
  test('GET and POST /api/website-customization: required fields, e-mail, colours, links and image keys', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const initial = await (await a.request.get('/api/website-customization')).json()
    expect(initial).toMatchObject({ status: true, data: { companyName: a.org.name, companyPhone: '', logo: null, topBarBgColor: null, cartSettings: { redirectTo: '' } } })

    const missing = await a.request.post('/api/website-customization', { headers: ORIGIN_HEADERS, data: {} })
    expect(missing.status()).toBe(400)
    expect((await missing.json()).errors).toMatchObject({
      companyName: 'Enter Company Name',
      companyPhone: 'Enter Company Phone',
      companyAddress: 'Enter Company Address',
      companyEmail: 'Enter Company Email',
    })
    const bad = await a.request.post('/api/website-customization', {
      headers: ORIGIN_HEADERS,
      data: { ...COMPANY, companyEmail: 'nope', topBarBgColor: 'red', twitterLink: 'javascript:alert(1)' },
    })
    expect(bad.status()).toBe(400)
    expect((await bad.json()).errors).toMatchObject({
      companyEmail: 'Please enter a valid email address',
      topBarBgColor: 'Enter a colour as #RRGGBB, e.g. #1d4ed8',
      twitterLink: 'Please, enter a valid link',
    })

    const upload = await a.request.post('/api/file/upload', {
      headers: ORIGIN_HEADERS,
      multipart: { purpose: 'logo', image: { name: 'logo.png', mimeType: 'image/png', buffer: PNG } },
    })
    expect(upload.status()).toBe(200)
    const logo = (await upload.json()).file.key as string
    const saved = await a.request.post('/api/website-customization', {
      headers: ORIGIN_HEADERS,
      data: { ...COMPANY, logo, topBarBgColor: '#ABC', facebookLink: 'https://facebook.com/acme' },
    })
    expect(saved.status(), await saved.text()).toBe(200)
    expect(await saved.json()).toMatchObject({
      status: true,
      data: { companyName: 'Acme Careers', companyEmail: 'hello@acme.example', logo, topBarBgColor: '#aabbcc', facebookLink: 'https://facebook.com/acme', twitterLink: null },
    })
    // The company name is the organisation's: the top bar and the login picker show it.
    expect((await platformDb.selectFrom('organisations').select('name').where('id', '=', a.org.id).executeTakeFirstOrThrow()).name).toBe('Acme Careers')
    expect((await a.request.get(`/branding/${logo}`)).status()).toBe(200)

    // A text file is no image; another organisation's key is not found.
    const text = await a.request.post('/api/file/upload', {
      headers: ORIGIN_HEADERS,
      multipart: { file: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') } },
    })
    const textKey = (await text.json()).file.key
    const notImage = await a.request.post('/api/website-customization', { headers: ORIGIN_HEADERS, data: { ...COMPANY, welcomeImg: textKey } })
    expect(notImage.status()).toBe(400)
    expect(await notImage.json()).toMatchObject({ status: false, error: 'Images must be jpeg, jpg or png', errors: { welcomeImg: 'Images must be jpeg, jpg or png' } })

    const b = await ownerSession(open, playwright)
    const stolen = await b.request.post('/api/website-customization', { headers: ORIGIN_HEADERS, data: { ...COMPANY, loginImg: logo } })
    expect(stolen.status()).toBe(400)
    expect(await stolen.json()).toMatchObject({ status: false, error: 'Image not found' })
    // B sees its own customization only, and cannot fetch A's image.
    expect((await (await b.request.get('/api/website-customization')).json()).data).toMatchObject({ companyName: b.org.name, logo: null })
    expect((await b.request.get(`/branding/${logo}`)).status()).toBe(404)

    // null removes; absent keeps.
    const removed = await a.request.post('/api/website-customization', { headers: ORIGIN_HEADERS, data: { ...COMPANY, logo: null } })
    expect((await removed.json()).data).toMatchObject({ logo: null, topBarBgColor: '#aabbcc' })
  })

  test('UPDATE_UI_CUSTOMIZATION to save; the cart link PATCH still needs WRITE_DOMAIN', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const reader = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_WEBSITE_SETTINGS'])
    expect((await reader.request.get('/api/website-customization')).status()).toBe(200)
    expect((await reader.request.post('/api/website-customization', { headers: ORIGIN_HEADERS, data: COMPANY })).status()).toBe(403)
    expect((await reader.request.patch('/api/website-customization', { headers: ORIGIN_HEADERS, data: { cartSettings: { redirectTo: 'https://x.example' } } })).status()).toBe(403)
    const editor = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_WEBSITE_SETTINGS', 'UPDATE_UI_CUSTOMIZATION'])
    expect((await editor.request.post('/api/website-customization', { headers: ORIGIN_HEADERS, data: COMPANY })).status()).toBe(200)
    expect((await a.request.put('/api/website-customization', { headers: ORIGIN_HEADERS, data: COMPANY })).status()).toBe(405)
  })

  test('a leads-only user changes the company details only', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const leads = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_WEBSITE_SETTINGS', 'UPDATE_UI_CUSTOMIZATION'])
    await platformDb.updateTable('memberships').set({ leads_only: true }).where('client_id', '=', a.org.id).where('user_id', '=', leads.userId).execute()
    const res = await leads.request.post('/api/website-customization', {
      headers: ORIGIN_HEADERS,
      data: { ...COMPANY, companyName: 'Leads Co', topBarBgColor: '#000000', twitterLink: 'https://twitter.com/x' },
    })
    expect(res.status()).toBe(200)
    expect((await res.json()).data).toMatchObject({ companyName: 'Leads Co', topBarBgColor: null, twitterLink: null })
  })
})

test.describe('website settings and currency', () => {
  test('GET and POST /api/client/website/settings; two-factor and hide-invoices by the owner only', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    const initial = await (await a.request.get('/api/client/website/settings')).json()
    expect(initial).toMatchObject({ status: true, settings: { enable_2FA: false, hide_invoices: false, enable_boards: false } })
    expect(Object.keys(initial.settings)).toHaveLength(15)

    const unknown = await a.request.post('/api/client/website/settings', { headers: ORIGIN_HEADERS, data: { settings: { enable_everything: true } } })
    expect(unknown.status()).toBe(400)
    expect(await unknown.json()).toMatchObject({ status: false, error: 'Unknown setting' })
    const notBool = await a.request.post('/api/client/website/settings', { headers: ORIGIN_HEADERS, data: { settings: { enable_boards: 'yes' } } })
    expect(notBool.status()).toBe(400)

    const saved = await a.request.post('/api/client/website/settings', { headers: ORIGIN_HEADERS, data: { settings: { enable_boards: true, hide_invoices: true } } })
    expect(saved.status()).toBe(200)
    expect(await saved.json()).toMatchObject({ status: true, settings: { enable_boards: true, hide_invoices: true, enable_2FA: false } })

    const staff = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_WEBSITE_SETTINGS', 'UPDATE_FEATURES'])
    const refused = await staff.request.post('/api/client/website/settings', { headers: ORIGIN_HEADERS, data: { settings: { enable_2FA: true } } })
    expect(refused.status()).toBe(403)
    expect(await refused.json()).toMatchObject({ status: false, error: 'Only the account owner can change two-factor authentication and invoice visibility.' })
    // Sending the current value of an owner-only switch is no change, so a full form from staff still saves.
    const same = await staff.request.post('/api/client/website/settings', { headers: ORIGIN_HEADERS, data: { settings: { hide_invoices: true, hide_tip: true } } })
    expect(same.status()).toBe(200)

    // Every member reads the switches (the chat screens do); only UPDATE_FEATURES writes them.
    const member = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_ORDERS'])
    expect((await (await member.request.get('/api/client/website/settings')).json()).settings).toMatchObject({ hide_tip: true })
    expect((await member.request.post('/api/client/website/settings', { headers: ORIGIN_HEADERS, data: { settings: { hide_tip: false } } })).status()).toBe(403)

    const b = await ownerSession(open, playwright)
    expect((await (await b.request.get('/api/client/website/settings')).json()).settings).toMatchObject({ enable_boards: false, hide_invoices: false, hide_tip: false })
  })

  test('POST /api/client/website/currency-change', async ({ playwright }) => {
    const a = await ownerSession(open, playwright)
    for (const selectedCurrency of ['', 'jpy', 42]) {
      const res = await a.request.post('/api/client/website/currency-change', { headers: ORIGIN_HEADERS, data: { selectedCurrency } })
      expect(res.status()).toBe(400)
      expect(await res.json()).toMatchObject({ status: false, error: 'Please select a currency' })
    }
    const res = await a.request.post('/api/client/website/currency-change', { headers: ORIGIN_HEADERS, data: { selectedCurrency: 'EUR' } })
    expect(res.status()).toBe(200)
    expect(await res.json()).toMatchObject({ status: true, currencyType: 'eur' })
    expect((await (await a.request.get('/api/auth/user')).json()).user.currencyType).toBe('eur')

    const staff = await staffSession(open, playwright, a.org.id, a.org.name, ['READ_WEBSITE_SETTINGS'])
    expect((await staff.request.post('/api/client/website/currency-change', { headers: ORIGIN_HEADERS, data: { selectedCurrency: 'usd' } })).status()).toBe(403)
    const b = await createTenant()
    expect((await platformDb.selectFrom('organisations').select('currency_type').where('id', '=', b.org.id).executeTakeFirstOrThrow()).currency_type).toBe('usd')
  })
})
