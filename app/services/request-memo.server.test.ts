import { describe, expect, it, vi } from 'vitest'
import { oncePerRequest, REQUEST_ID_HEADER } from './request-memo.server'

// Remix gives each loader its own Request built from the incoming one: same headers, new object.
const copyOf = (request: Request, method = request.method) => new Request(request.url, { method, headers: request.headers })
const incoming = (id: string | null, method = 'GET') => new Request('http://localhost/customers/view', { method, headers: id ? { [REQUEST_ID_HEADER]: id } : {} })

describe('oncePerRequest', () => {
  it('shares one computation among the loaders of one page request', () => {
    const compute = vi.fn(() => ({ user: 1 }))
    const request = incoming('req-a')
    const first = oncePerRequest(copyOf(request), 'auth', compute)
    expect(oncePerRequest(copyOf(request), 'auth', compute)).toBe(first)
    expect(oncePerRequest(request, 'auth', compute)).toBe(first)
    expect(compute).toHaveBeenCalledTimes(1)
  })

  it('keeps requests and names apart', () => {
    const compute = vi.fn(() => ({}))
    oncePerRequest(incoming('req-b'), 'auth', compute)
    oncePerRequest(incoming('req-c'), 'auth', compute)
    oncePerRequest(incoming('req-b'), 'session', compute)
    expect(compute).toHaveBeenCalledTimes(3)
  })

  it('never shares by id for an action (it may change what it read): per Request object only', () => {
    const compute = vi.fn(() => ({}))
    const post = incoming('req-d', 'POST')
    const value = oncePerRequest(post, 'auth', compute)
    expect(oncePerRequest(post, 'auth', compute)).toBe(value)
    oncePerRequest(copyOf(post), 'auth', compute)
    expect(compute).toHaveBeenCalledTimes(2)
  })

  it('without the server’s id (a loader called directly) shares per Request object, or not at all when asked', () => {
    const compute = vi.fn(() => ({}))
    const request = incoming(null)
    oncePerRequest(request, 'auth', compute)
    oncePerRequest(request, 'auth', compute)
    oncePerRequest(copyOf(request), 'auth', compute)
    expect(compute).toHaveBeenCalledTimes(2)
    oncePerRequest(request, 'session', compute, { perRequestObject: false })
    oncePerRequest(request, 'session', compute, { perRequestObject: false })
    expect(compute).toHaveBeenCalledTimes(4)
  })

  it('forgets entries after a while, so memory stays bounded', () => {
    vi.useFakeTimers()
    try {
      const compute = vi.fn(() => ({}))
      oncePerRequest(incoming('req-e'), 'auth', compute)
      vi.advanceTimersByTime(60_000)
      oncePerRequest(incoming('req-f'), 'auth', compute) // sweeps
      oncePerRequest(incoming('req-e'), 'auth', compute)
      expect(compute).toHaveBeenCalledTimes(3)
    } finally {
      vi.useRealTimers()
    }
  })
})
