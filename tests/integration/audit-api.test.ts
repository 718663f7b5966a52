// GET /api/logs/view: owners see their organisation's logs, superadmin all; staff are refused.
import { describe, expect, it } from 'vitest'
import * as logsView from '#app/routes/api.logs.view'
import { recordAudit } from '#app/models/audit.server'
import { orgIdByName } from '#tests/factories/index'
import { Client, signIn } from './helpers'

describe('audit logs API', () => {
  it("gives an owner their organisation's logs only, newest first, with filters", async () => {
    const rival = await orgIdByName('Rival Resumes')
    const owner2 = await signIn(new Client(), 'owner2@demo.test', 'Rival Resumes')
    const res = await owner2.call(logsView.loader, { path: '/api/logs/view' })
    expect(res.status).toBe(200)
    expect(res.json.status).toBe(true)
    expect(res.json.count).toBeGreaterThan(0)
    expect(res.json.logs[0]).toEqual(
      expect.objectContaining({
        _id: expect.any(String),
        user: expect.objectContaining({ firstName: expect.any(String), role: expect.any(String) }),
        module: expect.any(String),
        action: expect.any(String),
        status: expect.any(String),
        message: expect.any(String),
        createdAt: expect.any(String),
      }),
    )
    expect(res.json.logs[0]).toHaveProperty('host_ip')
    const times = res.json.logs.map((l: { createdAt: string }) => l.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    // Nothing from Demo: its seeded product log never shows up here.
    const products = await owner2.call(logsView.loader, { path: '/api/logs/view?module=products' })
    expect(products.json.logs.map((l: { message: string }) => l.message)).not.toContain('Updated product Resume Essentials')

    const filtered = await owner2.call(logsView.loader, { path: '/api/logs/view?module=orders&action=archive&status=success' })
    expect(filtered.json.logs.length).toBeGreaterThan(0)
    expect(filtered.json.logs.every((l: { module: string; action: string }) => l.module === 'orders' && l.action === 'archive')).toBe(true)
    expect(filtered.json.logs.map((l: { message: string }) => l.message)).toContain('Archived order #2001')
    expect(rival.id).toBeGreaterThan(0)
  })

  it('pages by 100/150/200 (default 100)', async () => {
    const demo = await orgIdByName('Demo Writing Co')
    for (let i = 0; i < 3; i++) await recordAudit({ clientId: demo.id, module: 'paging-test', action: 'tick', status: 'success', message: `tick ${i}` })
    const owner = await signIn(new Client(), 'owner@demo.test', 'Demo Writing Co')
    const res = await owner.call(logsView.loader, { path: '/api/logs/view?module=paging-test&size=7&page=1' })
    expect(res.json.size).toBe(100)
    expect(res.json.count).toBeGreaterThanOrEqual(3)
    const page2 = await owner.call(logsView.loader, { path: '/api/logs/view?module=paging-test&size=150&page=2' })
    expect(page2.json).toMatchObject({ size: 150, page: 2, logs: [] })
  })

  it('gives superadmin and audit-logs staff every organisation; refuses staff and other platform staff', async () => {
    const admin = await signIn(new Client(), 'superadmin@demo.test', null)
    const orders = await admin.call(logsView.loader, { path: '/api/logs/view?module=orders&size=200' })
    expect(orders.json.logs.map((l: { message: string }) => l.message)).toContain('Archived order #2001')
    const products = await admin.call(logsView.loader, { path: '/api/logs/view?module=products&size=200' })
    expect(products.json.logs.map((l: { message: string }) => l.message)).toContain('Updated product Resume Essentials')
    const support = await signIn(new Client(), 'support@demo.test', null)
    expect((await support.call(logsView.loader, { path: '/api/logs/view' })).status).toBe(200)
    const billing = await signIn(new Client(), 'billing@demo.test', null)
    expect((await billing.call(logsView.loader, { path: '/api/logs/view' })).status).toBe(403)
    const staff = await signIn(new Client(), 'staff@demo.test', 'Demo Writing Co')
    expect((await staff.call(logsView.loader, { path: '/api/logs/view' })).status).toBe(403)
    expect((await new Client().call(logsView.loader, { path: '/api/logs/view' })).status).toBe(401)
  })
})
