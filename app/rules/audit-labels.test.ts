import { describe, expect, it } from 'vitest'
import { actionLabel, auditFilterGroups, auditFilterVariants, foldAuditValue, moduleLabel, roleLabel, spellOut } from './audit-labels'

describe('audit labels', () => {
  it.each([
    ['client', 'Owner'],
    ['user', 'Staff'],
    ['superadmin', 'Superadmin'],
    ['writer', 'Contributor'],
    ['customer', 'Customer'],
    ['', '—'],
    [null, '—'],
    ['support_lead', 'Support lead'],
  ])('role %o reads %o', (raw, label) => expect(roleLabel(raw)).toBe(label))

  it.each([
    ['website_settings', 'Website settings'],
    ['website-settings', 'Website settings'],
    ['orders', 'Orders'],
    ['CONTRACTS', 'Contracts'],
    ['auth', 'Sign-in'],
    ['client_packages', 'Packages'],
    ['questionnaire-template', 'Form templates'],
    ['FORM_TEMPLATES', 'Form templates'],
    ['SYSTEM_EMAILS_TEMPLATES', 'E-mail templates'],
    ['something_new', 'Something new'],
  ])('module %o reads %o', (raw, label) => expect(moduleLabel(raw)).toBe(label))

  it.each([
    ['login', 'Signed in'],
    ['assign_writer', 'Assign writer'],
    ['CREATE', 'Create'],
    ['pay-invoice', 'Pay invoice'],
    ['READ_ORDERS', 'Read orders'],
    ['login_as', 'Logged in as'],
  ])('action %o reads %o', (raw, label) => expect(actionLabel(raw)).toBe(label))

  it.each([
    ['Website-Settings', 'website_setting'],
    ['users', 'user'],
    ['status', 'status'],
    ['address', 'address'],
    ['READ_ORDERS', 'read_order'],
    ['  pay  invoice ', 'pay_invoice'],
  ])('folds %o to %o', (raw, folded) => expect(foldAuditValue(raw)).toBe(folded))

  it('spells a raw value out', () => {
    expect(spellOut('ui_customization')).toBe('Ui customization')
    expect(spellOut('failure')).toBe('Failure')
  })
})

describe('the audit filter', () => {
  it('offers one choice per value, whatever its case, separator or plural', () => {
    const groups = auditFilterGroups(
      ['website-settings', 'website_settings', 'orders', 'order', 'CONTRACTS', 'contracts', 'auth', 'questionnaire-template', 'FORM_TEMPLATES'],
      moduleLabel,
    )
    expect(groups.map((g) => g.label)).toEqual(['Contracts', 'Form templates', 'Orders', 'Sign-in', 'Website settings'])
    expect(groups.find((g) => g.label === 'Website settings')).toEqual({ value: 'website-settings', label: 'Website settings', variants: ['website-settings', 'website_settings'] })
    expect(groups.find((g) => g.label === 'Form templates')!.variants).toEqual(['FORM_TEMPLATES', 'questionnaire-template'])
    expect(new Set(groups.map((g) => g.label)).size).toBe(groups.length)
  })

  it('filters by every variant of the chosen value, or the value itself when no row has it', () => {
    const groups = auditFilterGroups(['create', 'CREATE', 'update'], actionLabel)
    expect(groups.map((g) => [g.value, g.label])).toEqual([
      ['CREATE', 'Create'],
      ['update', 'Update'],
    ])
    expect(auditFilterVariants(groups, 'create')).toEqual(['CREATE', 'create'])
    expect(auditFilterVariants(groups, 'Creates')).toEqual(['CREATE', 'create'])
    expect(auditFilterVariants(groups, 'delete')).toEqual(['delete'])
    expect(auditFilterVariants(groups, undefined)).toBeUndefined()
    expect(auditFilterGroups(['', 'x'], spellOut).map((g) => g.value)).toEqual(['x'])
  })
})

// Edges mutation testing found untested (ADR 0103).
describe('audit values at their edges', () => {
  it.each([
    ['  Orders  ', 'order'],
    ['READ  ORDERS', 'read_order'],
    ['read-_ orders', 'read_order'],
    ['bus', 'bus'],
    ['tags', 'tag'],
    ['sms', 'sms'],
    ['address', 'address'],
    ['status', 'status'],
    ['', ''],
  ])('%j folds to %j', (raw, folded) => expect(foldAuditValue(raw)).toBe(folded))
  it.each([
    ['  READ__ORDERS  ', 'Read orders'],
    ['read - orders', 'Read orders'],
    ['a\t b', 'A b'],
    ['   ', ''],
  ])('%j spells %j', (raw, text) => expect(spellOut(raw)).toBe(text))
  it('keeps each raw variant once and labels a group by its first variant', () => {
    const groups = auditFilterGroups(['orders', 'ORDERS', 'orders', 'Order'], spellOut)
    expect(groups).toEqual([{ value: 'ORDERS', label: 'Orders', variants: ['ORDERS', 'Order', 'orders'] }])
  })
  it('finds a group from any of its variants, not only when all fold alike', () => {
    const groups = [{ value: 'a', label: 'A', variants: ['orders', 'unrelated'] }]
    expect(auditFilterVariants(groups, 'ORDER')).toEqual(['orders', 'unrelated'])
  })
})

// Each label of the three maps, as the log's filter and table show it (a blanked one reads as nothing).
describe('every audit label', () => {
  it.each([
    ['superadmin', 'Superadmin'],
    ['client', 'Owner'],
    ['user', 'Staff'],
    ['customer', 'Customer'],
    ['writer', 'Contributor'],
    ['reviewer', 'Reviewer'],
  ])('role %s', (raw, label) => expect(roleLabel(raw)).toBe(label))

  it.each([
    ['auth', 'Sign-in'],
    ['audit_log', 'Audit logs'],
    ['billing', 'Billing'],
    ['checkout', 'Checkout'],
    ['client', 'Organisations'],
    ['client_package', 'Packages'],
    ['contract', 'Contracts'],
    ['contract_template', 'Contract templates'],
    ['coupon', 'Coupons'],
    ['crm', 'CRM'],
    ['customer', 'Customers'],
    ['downloadable', 'Files'],
    ['form_template', 'Form templates'],
    ['lead', 'Leads'],
    ['order', 'Orders'],
    ['product', 'Products'],
    ['profile', 'Profile'],
    ['promotion', 'Promotions'],
    ['questionnaire', 'Forms'],
    ['questionnaire_template', 'Form templates'],
    ['role', 'Roles'],
    ['schedule_appointment', 'Appointments'],
    ['subscription', 'Subscription'],
    ['system_emails_template', 'E-mail templates'],
    ['user', 'Users'],
    ['website_setting', 'Website settings'],
    ['workflow', 'Workflows'],
  ])('module %s', (raw, label) => expect(moduleLabel(raw)).toBe(label))

  it.each([
    ['login', 'Signed in'],
    ['logout', 'Signed out'],
    ['auto_login', 'Signed in by link'],
    ['login_as', 'Logged in as'],
    ['crm', 'CRM'],
  ])('action %s', (raw, label) => expect(actionLabel(raw)).toBe(label))
})
