// /v1/test_helpers/test_clocks: Stripe's test clocks; advancing one runs the billing of its customers.
import { runDue } from '../billing'
import { DAY, type TestClockRecord } from '../clock'
import type { Emulator } from '../emulator'
import { invalidRequest, resourceMissing } from '../errors'
import { newId } from '../ids'
import { optString, reqInt } from '../params'
import type { Json } from '../render'
import { newestFirst, paginate, route, type HandlerContext } from '../router'

function render(clock: TestClockRecord): Json {
  return {
    id: clock.id,
    object: 'test_helpers.test_clock',
    created: clock.created,
    deletes_after: clock.deletes_after,
    frozen_time: clock.frozen_time,
    livemode: false,
    name: clock.name,
    status: clock.status,
    status_details: {},
  }
}

function find(em: Emulator, id: string): TestClockRecord {
  const clock = em.clocks.testClocks.get(id)
  if (!clock) throw resourceMissing('test_clock', id)
  return clock
}

/** Moves a test clock and runs everything due for the customers on it, in time order. */
export function advanceTestClock(em: Emulator, clock: TestClockRecord, target: number): void {
  if (target <= clock.frozen_time) throw invalidRequest('The frozen_time must be after the current frozen_time of the test clock.', 'frozen_time')
  clock.status = 'advancing'
  em.emit('test_helpers.test_clock.advancing', render(clock), clock.frozen_time)
  runDue(em, clock.id, target)
  clock.frozen_time = target
  clock.status = 'ready'
  em.emit('test_helpers.test_clock.ready', render(clock), target)
}

function create({ em, params }: HandlerContext) {
  const now = em.clocks.globalNow()
  const clock: TestClockRecord = {
    id: newId('clock'),
    name: optString(params, 'name') ?? null,
    frozen_time: reqInt(params, 'frozen_time'),
    created: now,
    status: 'ready',
    deletes_after: now + 30 * DAY,
  }
  em.clocks.testClocks.set(clock.id, clock)
  em.emit('test_helpers.test_clock.created', render(clock), now)
  return render(clock)
}

function advance({ em, params, path }: HandlerContext) {
  const clock = find(em, path.id!)
  advanceTestClock(em, clock, reqInt(params, 'frozen_time'))
  return render(clock)
}

function remove({ em, path }: HandlerContext) {
  const clock = find(em, path.id!)
  em.clocks.testClocks.delete(clock.id)
  return { id: clock.id, object: 'test_helpers.test_clock', deleted: true }
}

export const testClockRoutes = [
  route('POST', '/v1/test_helpers/test_clocks', create),
  route('GET', '/v1/test_helpers/test_clocks', ({ em, params }) => paginate('/v1/test_helpers/test_clocks', newestFirst(em.clocks.testClocks.values()), params, render)),
  route('GET', '/v1/test_helpers/test_clocks/:id', ({ em, path }) => render(find(em, path.id!))),
  route('POST', '/v1/test_helpers/test_clocks/:id/advance', advance),
  route('DELETE', '/v1/test_helpers/test_clocks/:id', remove),
]
