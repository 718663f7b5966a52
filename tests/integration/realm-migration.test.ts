// The realm split (ADR 0011) on data of the shared-person model: every realm gets its own account.
import path from 'node:path'
import { type Kysely, sql } from 'kysely'
import { type Migration, Migrator } from 'kysely/migration'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase } from '#db/connection'

const scratchUrl = (() => {
  const url = new URL(process.env.DATABASE_URL!)
  url.pathname = `${url.pathname}_realm_migration`
  return url.toString()
})()

let db: Kysely<any>
let migrator: Migrator

beforeAll(async () => {
  const admin = createDatabase()
  const name = new URL(scratchUrl).pathname.slice(1)
  await sql`DROP DATABASE IF EXISTS ${sql.id(name)}`.execute(admin)
  await sql`CREATE DATABASE ${sql.id(name)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`.execute(admin)
  await admin.destroy()
  db = createDatabase(scratchUrl)
  // Vite loads the TypeScript migrations here (Kysely's file provider would import them untransformed).
  const modules = import.meta.glob<Migration>('../../db/migrations/*.ts')
  const provider = {
    getMigrations: async () => Object.fromEntries(await Promise.all(Object.entries(modules).map(async ([file, load]) => [path.basename(file, '.ts'), await load()] as const))),
  }
  migrator = new Migrator({ db, provider })
  const before = await migrator.migrateTo('2026_11_22_1600_index_member_listing')
  if (before.error) throw before.error
})

afterAll(async () => {
  await sql`DROP DATABASE IF EXISTS ${sql.id(new URL(scratchUrl).pathname.slice(1))}`.execute(db)
  await db.destroy()
})

async function insertId(query: { executeTakeFirstOrThrow(): Promise<{ insertId?: bigint }> }) {
  return Number((await query.executeTakeFirstOrThrow()).insertId)
}

describe('realm split migration', () => {
  it('gives each realm its own account and moves the realm’s rows onto it', async () => {
    const org = (name: string) => insertId(db.insertInto('organisations').values({ public_id: `org-${name}`, name }))
    const a = await org('A')
    const b = await org('B')
    const person = (email: string, extra: Record<string, unknown> = {}) =>
      insertId(db.insertInto('users').values({ public_id: `u-${email}`, email, password_hash: 'hash-of-shared', first_name: 'Pat', last_name: 'Shared', ...extra }))
    const shared = await person('shared@example.test')
    const single = await person('single@example.test')
    const admin = await person('admin@example.test', { is_superadmin: true })
    await person('nowhere@example.test')
    for (const [clientId, userId, role] of [
      [a, shared, 'client'],
      [b, shared, 'user'],
      [b, single, 'customer'],
      [a, admin, 'user'],
    ] as const) {
      await db.insertInto('memberships').values({ client_id: clientId, user_id: userId, role, permissions: '["WRITER"]' }).execute()
    }
    await db
      .insertInto('writer_profiles')
      .values({ client_id: b, user_id: shared, levels: '[]', services: '[]', languages: '[]', certificates: '[]', expertise: '[]', available_days: '[]' })
      .execute()
    await db.insertInto('audit_logs').values({ public_id: 'log-b', client_id: b, user_id: shared, module: 'auth', action: 'login', status: 'success', message: 'x' }).execute()
    await db.insertInto('audit_logs').values({ public_id: 'log-a', client_id: a, user_id: shared, module: 'auth', action: 'login', status: 'success', message: 'x' }).execute()
    await db
      .insertInto('sessions')
      .values({ id: 'x'.repeat(64), user_id: shared, client_id: b, data: '{}', expires_at: new Date(Date.now() + 60_000) })
      .execute()

    const after = await migrator.migrateToLatest()
    if (after.error) throw after.error

    expect(await db.selectFrom('users').select('id').where('email', '=', 'nowhere@example.test').execute()).toEqual([])
    const accounts = await db.selectFrom('users').select(['id', 'client_id', 'email', 'password_hash', 'is_superadmin', 'public_id']).orderBy('id').execute()
    const of = (email: string) => accounts.filter((u) => u.email === email)
    // The shared person: the original row stays in A (oldest membership), B gets a copy with its own public id.
    expect(of('shared@example.test').map((u) => [u.id === shared, u.client_id])).toEqual([
      [true, a],
      [false, b],
    ])
    const sharedInB = of('shared@example.test')[1]!
    expect(sharedInB.password_hash).toBe('hash-of-shared')
    expect(sharedInB.public_id).not.toBe('u-shared@example.test')
    expect(of('single@example.test').map((u) => [u.id, u.client_id])).toEqual([[single, b]])
    // The superadmin keeps the platform account and gets an ordinary account for A.
    expect(of('admin@example.test').map((u) => [u.id === admin, u.client_id, !!u.is_superadmin])).toEqual([
      [true, null, true],
      [false, a, false],
    ])

    const memberships = await db.selectFrom('memberships').select(['client_id', 'user_id']).execute()
    for (const m of memberships) expect(accounts.find((u) => u.id === m.user_id)!.client_id).toBe(m.client_id)
    expect((await db.selectFrom('writer_profiles').select('user_id').executeTakeFirstOrThrow()).user_id).toBe(sharedInB.id)
    const logs = await db.selectFrom('audit_logs').select(['public_id', 'user_id']).orderBy('public_id').execute()
    expect(logs).toEqual([
      { public_id: 'log-a', user_id: shared },
      { public_id: 'log-b', user_id: sharedInB.id },
    ])
    expect(await db.selectFrom('sessions').select('id').execute()).toEqual([])

    // The database itself now refuses an account of another realm behind a membership or a writer profile,
    // a second account per realm, and a superadmin inside an organisation.
    const loner = await insertId(
      db.insertInto('users').values({ public_id: 'loner', client_id: a, email: 'loner@example.test', password_hash: 'h', first_name: 'x', last_name: 'y' }),
    )
    await expect(db.insertInto('memberships').values({ client_id: b, user_id: loner, role: 'user', permissions: '[]' }).execute()).rejects.toMatchObject({
      code: 'ER_NO_REFERENCED_ROW_2',
    })
    await expect(
      db
        .insertInto('writer_profiles')
        .values({ client_id: b, user_id: loner, levels: '[]', services: '[]', languages: '[]', certificates: '[]', expertise: '[]', available_days: '[]' })
        .execute(),
    ).rejects.toMatchObject({ code: 'ER_NO_REFERENCED_ROW_2' })
    await expect(
      db.insertInto('users').values({ public_id: 'dup', client_id: b, email: 'single@example.test', password_hash: 'h', first_name: 'x', last_name: 'y' }).execute(),
    ).rejects.toMatchObject({ code: 'ER_DUP_ENTRY' })
    await expect(
      db
        .insertInto('users')
        .values({ public_id: 'sa', client_id: a, email: 'new@example.test', password_hash: 'h', first_name: 'x', last_name: 'y', is_superadmin: true })
        .execute(),
    ).rejects.toThrow(/users_superadmin_platform_only/)
  })
})
