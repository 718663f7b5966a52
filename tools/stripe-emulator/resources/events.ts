// /v1/events: every event the emulator emitted, newest first, filterable by type; a connected account's
// (`Stripe-Account`) are listed for that account only, as Stripe keeps them.
import { resourceMissing } from '../errors'
import { optString } from '../params'
import { newestFirst, paginate, route } from '../router'

export const eventRoutes = [
  route(
    'GET',
    '/v1/events',
    ({ em, params, account }) => {
      const type = optString(params, 'type')
      // Stripe's `type` filter accepts one `*` wildcard, e.g. `invoice.*`.
      const pattern = type ? new RegExp(`^${type.replace(/[.]/g, '\\.').replace('*', '.*')}$`) : null
      const matching = newestFirst(em.store.events.values()).filter((e) => (e.account ?? null) === account && (!pattern || pattern.test(e.type)))
      return paginate('/v1/events', matching, params, (e) => em.renderEvent(e))
    },
    { connect: true },
  ),
  route(
    'GET',
    '/v1/events/:id',
    ({ em, path, account }) => {
      const event = em.store.events.get(path.id!)
      if (!event || (event.account ?? null) !== account) throw resourceMissing('event', path.id!)
      return em.renderEvent(event)
    },
    { connect: true },
  ),
]
