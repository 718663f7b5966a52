// The e-mail a job composes: the organisation's customised template, logo (inline), colours and sender;
// platform mail in the platform's look; unknown templates refused before they are queued.
import { afterAll, describe, expect, it } from 'vitest'
import { composeEmail, forgetBranding, portalLink, queueEmail } from '#app/models/system-mail.server'
import { platformDb } from '#app/services/db.server'
import { env } from '#app/services/env.server'
import { newStorageKey, storage } from '#app/services/storage.server'
import { closeQueues } from '#app/services/queue.server'
import { createOrganisation, uniqueEmail } from '#tests/factories/index'

// The smallest valid PNG.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex')

afterAll(async () => closeQueues())

async function brandedOrganisation() {
  const org = await createOrganisation({ name: 'Acme & Sons' })
  const subdomain = `acme${org.publicId.slice(0, 6).toLowerCase()}`
  const logo = newStorageKey(org.id, 'png')
  await storage().put(logo, PNG)
  await platformDb.updateTable('organisations').set({ subdomain, logo }).where('id', '=', org.id).execute()
  await platformDb
    .insertInto('website_customizations')
    .values({
      client_id: org.id,
      company_phone: '1',
      company_address: '1 Main Street, Springfield',
      company_email: 'help@acme.example',
      top_bar_bg_color: '#112233',
      top_bar_text_color: '#fefefe',
      side_bar_active_color: '#aa0000',
      side_bar_text_color: '#ffffff',
      footer_bg_color: '#eeeeee',
      footer_text_color: '#333333',
    })
    .execute()
  forgetBranding(org.id)
  return { org, subdomain }
}

describe('composeEmail', () => {
  it("wears the organisation's logo, colours, address and sender", async () => {
    const { org, subdomain } = await brandedOrganisation()
    const mail = (await composeEmail({
      clientId: org.id,
      to: 'jane@example.test',
      template: 'order_received',
      fields: { customerFirstName: 'Jane', productName: 'CV', orderId: 'ABC' },
      buttonLink: 'https://portal.example/login',
    }))!
    expect(mail.subject).toBe('We received your order ABC')
    expect(mail.html).toContain('<img src="cid:logo@draftdesk" alt="Acme &#38; Sons"')
    expect(mail.attachments).toEqual([expect.objectContaining({ cid: 'logo@draftdesk', contentType: 'image/png', content: PNG })])
    expect(mail.html).toContain('background:#112233;color:#fefefe')
    expect(mail.html).toContain('background:#aa0000;color:#ffffff')
    expect(mail.html).toContain('background:#eeeeee;color:#333333')
    expect(mail.text).toContain('Thank you for ordering CV from Acme & Sons.')
    expect(mail.text).toMatch(/--\nAcme & Sons\n1 Main Street, Springfield\nQuestions\? Write to help@acme\.example\n/)
    const host = new URL(env().PUBLIC_URL).hostname
    expect(mail.from).toEqual({ name: 'Acme & Sons', address: `no-reply@${subdomain}.${host}` })
  })

  it("uses the organisation's customised copy, and the default again once it is gone", async () => {
    const { org } = await brandedOrganisation()
    await platformDb
      .insertInto('email_templates')
      .values({
        public_id: `t${org.publicId}`.slice(0, 24),
        client_id: org.id,
        code: 'order_received',
        channel: 'adminToCustomer',
        subject: 'Got it, {{customerFirstName}}',
        title: 'Custom',
        body: '<p>Ours.</p>',
        button_text: 'Go',
      })
      .execute()
    const input = { clientId: org.id, to: 'jane@example.test', template: 'order_received', fields: { customerFirstName: 'Jane' } }
    expect((await composeEmail(input))!.subject).toBe('Got it, Jane')
    await platformDb.deleteFrom('email_templates').where('client_id', '=', org.id).execute()
    expect((await composeEmail(input))!.subject).toBe('We received your order {{orderId}}')
  })

  it("sends billing mail to an owner in the platform's look and from the platform's address", async () => {
    const { org } = await brandedOrganisation()
    const mail = (await composeEmail({
      clientId: org.id,
      to: 'owner@example.test',
      template: 'billing_payment_failed',
      fields: { firstName: 'Olga', companyName: 'Acme & Sons' },
      buttonLink: 'https://app.example/payments/invoices',
    }))!
    expect(mail.subject).toBe('Your payment failed')
    expect(mail.from).toBe(env().MAIL_FROM)
    expect(mail.html).not.toContain('#112233')
    expect(mail.html).not.toContain('cid:')
    expect(mail.text).toContain('We could not take the subscription payment of Acme & Sons.')
    expect(mail.text).toContain('Pay the open invoice:\nhttps://app.example/payments/invoices\n')
  })

  it('refuses to queue a template the catalogue does not know', async () => {
    await expect(queueEmail({ clientId: null, to: uniqueEmail(), template: 'no_such_template' })).rejects.toThrow(/Unknown e-mail template/)
  })
})

describe('portalLink', () => {
  // Every e-mailed link of an organisation leads to its own portal (issue 11), never to whatever Host a request named.
  it("builds an organisation's links on its subdomain, then on its custom domain once verified", async () => {
    const { org, subdomain } = await brandedOrganisation()
    const platform = new URL(env().PUBLIC_URL)
    const port = platform.port ? `:${platform.port}` : ''
    expect(await portalLink(org.id, '/login')).toBe(`${platform.protocol}//${subdomain}.${platform.hostname}${port}/login`)

    const custom = `portal-${org.publicId.slice(0, 8).toLowerCase()}.example.test`
    await platformDb.insertInto('organisation_domains').values({ client_id: org.id, custom_domain: custom, cname_status: 'pending' }).execute()
    forgetBranding(org.id)
    expect(await portalLink(org.id, '/login')).toContain(`//${subdomain}.`)
    await platformDb.updateTable('organisation_domains').set({ cname_status: 'verified' }).where('client_id', '=', org.id).execute()
    forgetBranding(org.id)
    expect(await portalLink(org.id, '/forgot-password-2/abc')).toBe(`${platform.protocol}//${custom}${port}/forgot-password-2/abc`)
  })

  it("keeps the platform's own mail on PUBLIC_URL and refuses anything but a path", async () => {
    expect(await portalLink(null, '/login')).toBe(`${env().PUBLIC_URL}/login`)
    await expect(portalLink(null, 'https://evil.example/login')).rejects.toThrow(/path/)
    await expect(portalLink(null, '//evil.example/login')).rejects.toThrow(/path/)
  })
})
