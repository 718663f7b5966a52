import { describe, expect, it } from 'vitest'
import {
  type Bucket,
  chatHistoryHref,
  isBlankText,
  isPreviewableImage,
  projectChatAction,
  reconnectDelay,
  roleLabelFor,
  shownRoleLabel,
  SOCKET_LIMITS,
  takeToken,
  textToHtml,
  MAX_FRAME_BYTES,
} from './chat'

describe('roleLabelFor', () => {
  const order = { writerId: 7, reviewerId: 8 }
  it.each([
    [{ id: 1, role: 'client' }, order, 'ADMIN'],
    [{ id: 7, role: 'user' }, order, 'WRITER'],
    [{ id: 8, role: 'user' }, order, 'REVIEWER'],
    [{ id: 9, role: 'user' }, order, 'USER'],
    [{ id: 9, role: 'user' }, null, 'USER'],
    [{ id: 7, role: 'client' }, order, 'ADMIN'],
  ])('%o on %o → %s', (sender, o, label) => expect(roleLabelFor(sender, o)).toBe(label))
})

describe('shownRoleLabel', () => {
  it.each([
    ['WRITER', false, 'CONTRIBUTOR'],
    ['ADMIN', false, 'ADMIN'],
    ['REVIEWER', false, 'REVIEWER'],
    ['USER', false, 'USER'],
    ['WRITER', true, 'YOU'],
    ['ADMIN', true, 'YOU'],
  ])('%s (mine %s) → %s', (label, mine, shown) => expect(shownRoleLabel(label, mine)).toBe(shown))
})

describe('isBlankText', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['\n\t', true],
    ['\u00a0 ', true],
    [null, true],
    ['a', false],
    ['  hi  ', false],
  ])('%j → %s', (text, blank) => expect(isBlankText(text)).toBe(blank))
})

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s, with at most 20% jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => reconnectDelay(n, () => 0))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000])
    expect(reconnectDelay(0, () => 1)).toBe(1200)
  })
})

describe('takeToken', () => {
  it('allows a burst of the capacity, then refills at the rate', () => {
    const limit = SOCKET_LIMITS.messages
    let bucket: Bucket = { tokens: limit.capacity, at: 0 }
    for (let i = 0; i < limit.capacity; i++) bucket = takeToken(bucket, limit, 0)!
    expect(takeToken(bucket, limit, 0)).toBeNull()
    expect(takeToken(bucket, limit, 100)).toBeNull()
    expect(takeToken(bucket, limit, 1000 / limit.perSecond)).not.toBeNull()
    // Idle time never banks more than the capacity.
    const rested = takeToken({ tokens: 0, at: 0 }, limit, 3_600_000)!
    expect(rested.tokens).toBe(limit.capacity - 1)
  })

  it('refills by the time since the bucket was last touched, not since the epoch', () => {
    const limit = SOCKET_LIMITS.messages
    const at = 1_700_000_000_000
    // 100 ms after an empty bucket's last take: half a token at 5 per second, so still refused.
    expect(takeToken({ tokens: 0, at }, limit, at + 100)).toBeNull()
    const refilled = takeToken({ tokens: 0, at }, limit, at + 1000 / limit.perSecond)!
    expect(refilled).toEqual({ tokens: 0, at: at + 1000 / limit.perSecond })
    // Exactly one token left is one message more.
    expect(takeToken({ tokens: 1, at }, limit, at)).toEqual({ tokens: 0, at })
  })
})

describe('textToHtml', () => {
  it('escapes and keeps paragraphs and line breaks', () => {
    expect(textToHtml('a <b> & "c"\nnext\n\npara')).toBe('<p>a &lt;b&gt; &amp; &quot;c&quot;<br />next</p><p>para</p>')
  })
})

describe('chat links', () => {
  it('posts to the page with the chat flag and pages history without it', () => {
    expect(projectChatAction('/project/view/o1', '?service=s1&chatBefore=m9')).toBe('/project/view/o1?service=s1&chat=post')
    expect(chatHistoryHref('/project/view/o1', '?chat=post&service=s1', 'm5')).toBe('/project/view/o1?service=s1&chatBefore=m5')
    expect(chatHistoryHref('/project/view/o1', '?chatBefore=m5', null)).toBe('/project/view/o1')
  })
})

// Edges mutation testing found untested (ADR 0103).
describe('blank texts and previewable images', () => {
  it('takes absent text as blank', () => {
    expect(isBlankText(null)).toBe(true)
    expect(isBlankText(undefined)).toBe(true)
    expect(isBlankText('\u00a0 x')).toBe(false)
  })
  it.each<[string | null | undefined, boolean]>([
    ['image/jpeg', true],
    ['image/png', true],
    ['image/gif', true],
    ['image/webp', true],
    ['image/svg+xml', false],
    ['image/pngx', false],
    ['ximage/png', false],
    ['text/html', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j previews inline: %s', (type, ok) => expect(isPreviewableImage(type)).toBe(ok))
})

it('takes websocket frames up to 64 kB', () => {
  expect(MAX_FRAME_BYTES).toBe(65_536)
})
