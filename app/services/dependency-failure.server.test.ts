import { describe, expect, test } from 'vitest'
import { DependencyUnavailableError, dependencyFailure, rethrowOutage } from './dependency-failure.server'

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code })

describe('dependencyFailure', () => {
  test.each([
    ['a refused MariaDB connect', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:3306'), 'database'],
    ['a MariaDB connection lost mid-query', withCode('PROTOCOL_CONNECTION_LOST'), 'database'],
    ['a MariaDB shutting down', withCode('ER_SERVER_SHUTDOWN'), 'database'],
    ['a pooled connection found closed', new Error("Can't add new command when connection is in closed state"), 'database'],
    ['Redis with the offline queue off', new Error("Stream isn't writeable and enableOfflineQueue options is false"), 'redis'],
    [
      'Redis retries spent',
      Object.assign(new Error('Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.'), {
        name: 'MaxRetriesPerRequestError',
      }),
      'redis',
    ],
    ['a Redis command timed out', new Error('Command timed out'), 'redis'],
    ['a Redis connection closed', new Error('Connection is closed.'), 'redis'],
    ['a job the app refused to queue', new DependencyUnavailableError('redis', 'not connected'), 'redis'],
    ['an outage wrapped as a cause', new Error('report failed', { cause: withCode('ECONNREFUSED') }), 'database'],
    ['an outage inside an AggregateError', new AggregateError([new Error('other'), withCode('ETIMEDOUT')]), 'database'],
  ])('%s is an outage', (_name, error, expected) => {
    expect(dependencyFailure(error)).toBe(expected)
  })

  test.each([
    ['a duplicate key', withCode('ER_DUP_ENTRY', "Duplicate entry 'a' for key 'b'")],
    ['a syntax error', withCode('ER_PARSE_ERROR')],
    ['a deadlock (retried elsewhere, not an outage)', withCode('ER_LOCK_DEADLOCK')],
    ['a plain error', new Error('Please Try Again Later!')],
    ['a thrown Response', new Response(null, { status: 500 })],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => {
    expect(dependencyFailure(error)).toBeNull()
  })
})

describe('rethrowOutage', () => {
  test('throws an outage on (to the 503) and lets a route describe its own failures', () => {
    const outage = withCode('ECONNREFUSED')
    expect(() => rethrowOutage(outage)).toThrow(outage)
    expect(() => rethrowOutage(new Error('a bug'))).not.toThrow()
  })
})
