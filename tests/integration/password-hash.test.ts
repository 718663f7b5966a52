// The stored hash itself says which argon2 parameters were used.
import { describe, expect, it } from 'vitest'
import { platformDb } from '#app/services/db.server'
import { hashPassword, verifyPassword } from '#app/services/password.server'

function params(hash: string) {
  const [, algorithm, version, settings] = hash.split('$')
  return { algorithm, version, ...Object.fromEntries(settings.split(',').map((kv) => kv.split('='))) }
}

describe('argon2id parameters', () => {
  it('hashes new passwords with argon2id m=19456 t=2 p=1', async () => {
    const hash = await hashPassword('Some-pass-123')
    expect(params(hash)).toEqual({ algorithm: 'argon2id', version: 'v=19', m: '19456', t: '2', p: '1' })
    expect(await verifyPassword(hash, 'Some-pass-123')).toBe(true)
    expect(await verifyPassword(hash, 'some-pass-123')).toBe(false)
  })

  it('stored the seeded accounts the same way', async () => {
    const row = await platformDb.selectFrom('users').select('password_hash').where('email', '=', 'owner@demo.test').executeTakeFirstOrThrow()
    expect(params(row.password_hash)).toMatchObject({ algorithm: 'argon2id', m: '19456', t: '2', p: '1' })
  })
})
