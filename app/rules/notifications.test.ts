import { describe, expect, it } from 'vitest'
import { badgeLabel, chatGroupKey, mergeNotifications, notificationText, plainText, recipientsOf, staffInterestedIn, type StaffMember } from './notifications'

describe('badgeLabel', () => {
  it.each([
    [0, ''],
    [-1, ''],
    [Number.NaN, ''],
    [1, '1'],
    [42, '42'],
    [99, '99'],
    [100, '99+'],
    [5000, '99+'],
  ])('%s -> %j', (count, label) => expect(badgeLabel(count)).toBe(label))
})

describe('staffInterestedIn', () => {
  const member = (over: Partial<StaffMember>): StaffMember => ({ userId: 1, role: 'user', permissions: [], active: true, ...over })
  it.each([
    ['an owner hears of a draft', member({ role: 'client' }), 'draft_uploaded', false, true],
    ['an owner with a restricted list still hears of it', member({ role: 'client', permissions: ['READ_ORDERS'] }), 'invoice_paid', false, true],
    ['an approver hears of a draft waiting for approval', member({ permissions: ['READ_ORDERS', 'READ_AND_UPDATE_DRAFTS_APPROVAL'] }), 'draft_uploaded', true, true],
    ['an approver does not hear of a draft that needs no approval', member({ permissions: ['READ_ORDERS', 'READ_AND_UPDATE_DRAFTS_APPROVAL'] }), 'draft_uploaded', false, false],
    ['a writer does not hear of drafts', member({ permissions: ['WRITER'] }), 'draft_uploaded', true, false],
    ['an invoice reader hears of a payment', member({ permissions: ['READ_ORDERS', 'READ_ORDERS_INVOICES'] }), 'invoice_paid', false, true],
    ['an order reader does not', member({ permissions: ['READ_ORDERS'] }), 'invoice_paid', false, false],
    ['an inactive owner hears nothing', member({ role: 'client', active: false }), 'invoice_paid', false, false],
  ] as const)('%s', (_name, m, event, pendingApproval, expected) => {
    expect(staffInterestedIn(m, event, { pendingApproval })).toBe(expected)
  })
})

describe('recipientsOf', () => {
  it('keeps each person once and never the actor', () => {
    expect(recipientsOf([3, 5, 3, null, undefined, 7, 0], 5)).toEqual([3, 7])
    expect(recipientsOf([4], 4)).toEqual([])
    expect(recipientsOf([4, 9], null)).toEqual([4, 9])
  })
})

describe('notificationText', () => {
  const order = { packageName: 'Resume Pro', customerName: 'Casey Customer' }
  it('names one order or counts several', () => {
    expect(notificationText.assigned('Olga Owner', 'writer', [order])).toBe('Olga Owner assigned you Resume Pro for Casey Customer')
    expect(notificationText.assigned('Olga Owner', 'writer', [order, order])).toBe('Olga Owner assigned you 2 orders')
    expect(notificationText.assigned('Olga Owner', 'reviewer', [order])).toBe('Olga Owner made you the reviewer of Resume Pro for Casey Customer')
  })
  it('says when a draft waits for approval, and why a revision was rejected', () => {
    expect(notificationText.draftUploaded('Wren Writer', 'Resume', order, false)).toBe('Wren Writer uploaded a draft of Resume (Resume Pro for Casey Customer)')
    expect(notificationText.draftUploaded('Wren Writer', '', order, true)).toBe('Wren Writer uploaded a draft of a service (Resume Pro for Casey Customer): it waits for approval')
    expect(notificationText.revisionDecided('Olga Owner', 'approved', 'Resume', order, 'ignored')).toBe('Olga Owner approved your draft of Resume (Resume Pro for Casey Customer)')
    expect(notificationText.revisionDecided('Olga Owner', 'rejected', 'Resume', order, 'Too short')).toBe(
      'Olga Owner rejected your draft of Resume (Resume Pro for Casey Customer): Too short',
    )
    expect(notificationText.revisionDecided('O', 'rejected', 'R', order, 'x'.repeat(400)).length).toBeLessThan(400)
  })
  it('describes a payment', () => {
    expect(notificationText.invoicePaid('$199.00', [order])).toBe('Invoice paid: $199.00 (Resume Pro for Casey Customer)')
    expect(notificationText.invoicePaid('$5.00', [])).toBe('Invoice paid: $5.00 (an invoice)')
  })
  it('previews a chat message as one short line of text', () => {
    expect(notificationText.chatMessage('Wren Writer', '<p>Hi&nbsp;there,</p><p>see &amp; sign</p>', order)).toBe(
      'New message from Wren Writer on Resume Pro for Casey Customer: Hi there, see & sign',
    )
    expect(notificationText.chatMessage('Wren Writer', '   ')).toBe('New message from Wren Writer')
    expect(notificationText.chatMessage('W', 'y'.repeat(500)).length).toBeLessThan(200)
  })
})

describe('plainText', () => {
  it.each([
    ['<b>bold</b> text', 'bold text'],
    ['a &lt;script&gt; tag', 'a <script> tag'],
    ['&amp;lt; stays once decoded', '&lt; stays once decoded'],
    ['line\n\n  break', 'line break'],
  ])('%j -> %j', (html, text) => expect(plainText(html)).toBe(text))
})

describe('chatGroupKey', () => {
  it('is the project for a team chat, the sender for a direct chat', () => {
    expect(chatGroupKey({ orderPublicId: 'abc', senderUserId: 4 })).toBe('chat:order:abc')
    expect(chatGroupKey({ orderPublicId: null, senderUserId: 4 })).toBe('chat:user:4')
  })
})

describe('mergeNotifications', () => {
  const n = (id: string, at: string) => ({ _id: id, createdAt: at })
  it('puts the newest first and keeps the incoming copy of a duplicate', () => {
    const current = [n('b', '2026-11-27T10:00:00.000Z'), n('a', '2026-11-27T09:00:00.000Z')]
    const merged = mergeNotifications(current, [{ ...n('b', '2026-11-27T10:00:00.000Z'), fresh: true } as ReturnType<typeof n>, n('c', '2026-11-27T11:00:00.000Z')])
    expect(merged.map((x) => x._id)).toEqual(['c', 'b', 'a'])
    expect(merged[1]).toHaveProperty('fresh', true)
  })
})

it('plainText reads every entity the chat editor writes', () => {
  expect(plainText('&amp; &lt; &gt; &quot; &#39; &apos; a&nbsp;b')).toBe(`& < > " ' ' a b`)
})
