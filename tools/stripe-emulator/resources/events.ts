// /v1/events: every event the emulator emitted, newest first, filterable by type.
import { resourceMissing } from '../errors'
import { optString } from '../params'
import { newestFirst, paginate, route } from '../router'

export const eventRoutes = [
  route('GET', '/v1/events', ({ em, params }) => {
    const type = optString(params, 'type')
    // Stripe's `type` filter accepts one `*` wildcard, e.g. `invoice.*`.
    const pattern = type ? new RegExp(`^${type.replace(/[.]/g, '\\.').replace('*', '.*')}$`) : null
    const matching = newestFirst(em.store.events.values()).filter((e) => !pattern || pattern.test(e.type))
    return paginate('/v1/events', matching, params, (e) => em.renderEvent(e))
  }),
  route('GET', '/v1/events/:id', ({ em, path }) => {
    const event = em.store.events.get(path.id!)
    if (!event) throw resourceMissing('event', path.id!)
    return em.renderEvent(event)
  }),
]
