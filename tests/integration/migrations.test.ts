// Every migration, one step at a time on a database holding a row in every table (ADR 0094): nothing is lost going
// forward, and each one with a down goes down to exactly the schema before it and up again to the same schema.
import path from 'node:path'
import { type Kysely, sql } from 'kysely'
import { type Migration, type MigrationResultSet, Migrator } from 'kysely/migration'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createDatabase } from '#db/connection'

const scratchUrl = (() => {
  const url = new URL(process.env.DATABASE_URL!)
  url.pathname = `${url.pathname}_migrations`
  return url.toString()
})()
const scratchName = new URL(scratchUrl).pathname.slice(1)

/** One-way by design (ADR 0094): their down refuses, so they are only run forward. */
const ONE_WAY = new Set(['2026_11_23_1000_split_identity_realms'])
/**
 * What a migration may change in rows that existed before it, on purpose. The realm split gives each realm its own
 * account (moving rows onto it) and ends every session and pending link (ADR 0011; realm-migration.test.ts checks how).
 */
const REWRITES: Record<string, string[]> = {
  '2026_11_23_1000_split_identity_realms': ['users', 'memberships', 'writer_profiles', 'files', 'audit_logs', 'sessions', 'auth_tokens'],
}

let db: Kysely<any>
let migrator: Migrator
let names: string[]

beforeAll(async () => {
  const admin = createDatabase()
  await sql`DROP DATABASE IF EXISTS ${sql.id(scratchName)}`.execute(admin)
  await sql`CREATE DATABASE ${sql.id(scratchName)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`.execute(admin)
  await admin.destroy()
  db = createDatabase(scratchUrl).withoutPlugins()
  // Vite loads the TypeScript migrations here (Kysely's file provider would import them untransformed).
  const modules = import.meta.glob<Migration>('../../db/migrations/*.ts')
  const migrations = Object.fromEntries(await Promise.all(Object.entries(modules).map(async ([file, load]) => [path.basename(file, '.ts'), await load()] as const)))
  names = Object.keys(migrations).sort()
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
})

afterAll(async () => {
  await sql`DROP DATABASE IF EXISTS ${sql.id(scratchName)}`.execute(db)
  await db.destroy()
})

/**
 * One step of the migrator, tried again when MariaDB loses an internal temporary file of its information_schema read
 * ("Error on delete of '/tmp/#sql-temptable-…MAI'", seen on this shared machine under load): a migration that did
 * run would fail its second try loudly (the table exists), so a retry never hides a broken migration.
 */
async function step(run: () => Promise<MigrationResultSet>): Promise<MigrationResultSet> {
  for (let attempt = 1; ; attempt++) {
    const result = await run()
    if (attempt === 3 || !/Error on delete of .*#sql-temptable/.test(String((result.error as Error | undefined)?.message))) return result
  }
}

type Column = { table: string; name: string; type: string; nullable: boolean; defaulted: boolean; extra: string }

async function columns(): Promise<Column[]> {
  const { rows } = await sql<Record<string, string | null>>`
    SELECT c.table_name AS t, c.column_name AS n, c.column_type AS ty, c.is_nullable AS nu, c.column_default AS d, c.extra AS ex
      FROM information_schema.columns c
      JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
     WHERE c.table_schema = ${scratchName} AND c.table_name NOT LIKE 'kysely_%'
     ORDER BY c.table_name, c.ordinal_position`.execute(db)
  return rows.map((r) => ({ table: r.t!, name: r.n!, type: r.ty!, nullable: r.nu === 'YES', defaulted: r.d !== null, extra: r.ex ?? '' }))
}

/** The schema as information_schema tells it: columns, indexes, constraints, foreign keys, triggers; order-free. */
async function schema() {
  const [cols, indexes, constraints, references, triggers] = await Promise.all([
    sql<Record<string, unknown>>`SELECT table_name, column_name, ordinal_position, column_type, is_nullable, column_default, extra, collation_name
      FROM information_schema.columns WHERE table_schema = ${scratchName} AND table_name NOT LIKE 'kysely_%'`.execute(db),
    sql<Record<string, unknown>>`SELECT table_name, index_name, non_unique, seq_in_index, column_name, sub_part, index_type
      FROM information_schema.statistics WHERE table_schema = ${scratchName} AND table_name NOT LIKE 'kysely_%'`.execute(db),
    sql<Record<string, unknown>>`SELECT tc.table_name, tc.constraint_name, tc.constraint_type, cc.check_clause
      FROM information_schema.table_constraints tc
      LEFT JOIN information_schema.check_constraints cc ON cc.constraint_schema = tc.constraint_schema AND cc.table_name = tc.table_name AND cc.constraint_name = tc.constraint_name
      WHERE tc.table_schema = ${scratchName} AND tc.table_name NOT LIKE 'kysely_%'`.execute(db),
    sql<
      Record<string, unknown>
    >`SELECT k.table_name, k.constraint_name, k.column_name, k.ordinal_position, k.referenced_table_name, k.referenced_column_name, r.update_rule, r.delete_rule
      FROM information_schema.key_column_usage k
      JOIN information_schema.referential_constraints r ON r.constraint_schema = k.constraint_schema AND r.constraint_name = k.constraint_name AND r.table_name = k.table_name
      WHERE k.table_schema = ${scratchName}`.execute(db),
    sql<Record<string, unknown>>`SELECT event_object_table, trigger_name, action_timing, event_manipulation, action_statement
      FROM information_schema.triggers WHERE trigger_schema = ${scratchName}`.execute(db),
  ])
  const sorted = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(Object.values(r))).sort()
  return { columns: sorted(cols.rows), indexes: sorted(indexes.rows), constraints: sorted(constraints.rows), references: sorted(references.rows), triggers: sorted(triggers.rows) }
}

/** Per table: its row count and a hash of every row over the given columns (so a later added column does not count). */
async function rowsOf(over: Column[]) {
  const tables = new Map<string, string[]>()
  for (const c of over) tables.set(c.table, [...(tables.get(c.table) ?? []), c.name])
  const entries = await Promise.all(
    [...tables].map(async ([table, list]) => {
      const row = `MD5(CONCAT_WS('|', ${list.map((n) => `IFNULL(HEX(\`${n}\`), 'NULL')`).join(', ')}))`
      const { rows } = await sql<{
        n: number
        h: string
      }>`SELECT COUNT(*) AS n, CONCAT(COALESCE(SUM(CONV(LEFT(${sql.raw(row)}, 12), 16, 10)), 0), ':', COALESCE(BIT_XOR(CONV(RIGHT(${sql.raw(row)}, 15), 16, 10)), 0)) AS h FROM ${sql.table(table)}`.execute(
        db,
      )
      return [table, `${Number(rows[0].n)} rows ${rows[0].h}`] as const
    }),
  )
  return Object.fromEntries(entries)
}

let serial = 0
/** A value of the column's type that fits its width (unique per call, so unique keys hold). */
function valueFor(c: Column): unknown {
  const n = ++serial
  const type = c.type.toLowerCase()
  // An id column that a later migration may give a foreign key: the first row's id (or none), as real rows would hold.
  if (/(_id|_by)$/.test(c.name) && /int/.test(type)) return c.nullable ? null : 1
  const choices = /^(enum|set)\((.*)\)$/.exec(type)
  if (choices) return /'((?:[^']|'')*)'/.exec(choices[2])![1].replaceAll("''", "'")
  if (type.startsWith('tinyint(1)')) return n % 2
  if (/int|decimal|float|double/.test(type)) return (n % 100) + 1
  if (type.startsWith('datetime') || type.startsWith('timestamp')) return new Date(Date.UTC(2026, 10, 1, 0, 0, n % 60))
  if (type.startsWith('date')) return '2026-11-01'
  if (type.startsWith('time')) return '10:00:00'
  if (type.startsWith('json') || type.startsWith('longtext')) return '{}'
  const width = Number(/\((\d+)\)/.exec(type)?.[1] ?? 64)
  const text = `m${n}-${c.name}`
  if (/binary|blob/.test(type)) return Buffer.from(text.padEnd(width, '0').slice(0, width))
  return text.slice(0, Math.max(1, width))
}

/**
 * Puts one row into every table that has none: foreign keys point at an existing row of the referenced table (one
 * organisation, so composite keys with client_id agree); tables whose references are not there yet wait for a later pass.
 */
async function fillEmptyTables(all: Column[], counts: Record<string, string>) {
  const empty = new Set(
    Object.entries(counts)
      .filter(([, v]) => v.startsWith('0 '))
      .map(([t]) => t),
  )
  if (empty.size === 0) return []
  const { rows: keys } = await sql<{ t: string; k: string; c: string; rt: string; rc: string }>`
    SELECT table_name AS t, constraint_name AS k, column_name AS c, referenced_table_name AS rt, referenced_column_name AS rc
      FROM information_schema.key_column_usage WHERE table_schema = ${scratchName} AND referenced_table_name IS NOT NULL
      ORDER BY table_name, constraint_name, ordinal_position`.execute(db)
  for (let pass = 0; pass < 4 && empty.size > 0; pass++) {
    for (const table of [...empty]) {
      const values: Record<string, unknown> = {}
      for (const c of all) if (c.table === table && !/auto_increment|generated/i.test(c.extra)) values[c.name] = valueFor(c)
      let ready = true
      const foreign = new Map<string, { c: string; rt: string; rc: string }[]>()
      for (const k of keys.filter((k) => k.t === table)) foreign.set(k.k, [...(foreign.get(k.k) ?? []), k])
      for (const parts of foreign.values()) {
        if (parts[0].rt === table) {
          for (const p of parts) values[p.c] = null
          continue
        }
        const target = await db
          .selectFrom(parts[0].rt)
          .select(parts.map((p) => p.rc))
          .where((eb) => eb.and(parts.map((p) => eb(p.rc, 'is not', null))))
          .limit(1)
          .executeTakeFirst()
        if (target) for (const p of parts) values[p.c] = target[p.rc]
        else if (parts.every((p) => all.find((c) => c.table === table && c.name === p.c)?.nullable)) for (const p of parts) values[p.c] = null
        else ready = false
      }
      if (!ready) continue
      try {
        await db.insertInto(table).values(values).execute()
        empty.delete(table)
      } catch {
        // A check the generic value does not meet: leave the nullable columns to their defaults and try once more.
        const required = Object.fromEntries(Object.entries(values).filter(([name]) => all.some((c) => c.table === table && c.name === name && !c.nullable && !c.defaulted)))
        try {
          await db.insertInto(table).values(required).execute()
          empty.delete(table)
        } catch {
          /* reported below as a table left empty */
        }
      }
    }
  }
  return [...empty]
}

test('each migration runs forward without losing a row, and each down restores the schema before it', { timeout: 180_000 }, async () => {
  let empty: string[] = []
  const reversed: string[] = []
  // What the database holds before the next step: its columns, their rows, its schema (a fill changes only rows).
  let before: Column[] = []
  let rowsBefore: Record<string, string> = {}
  let schemaBefore = await schema()
  for (const name of names) {
    const up = await step(() => migrator.migrateUp())
    expect(up.error, `${name} up`).toBeUndefined()
    expect(up.results?.map((r) => r.migrationName)).toEqual([name])

    // Forward: every column that was there still is, and every table holds the same rows (the rewrites excepted).
    const after = await columns()
    for (const c of before)
      expect(
        after.some((a) => a.table === c.table && a.name === c.name),
        `${name} keeps ${c.table}.${c.name}`,
      ).toBe(true)
    const rowsAfter = await rowsOf(before)
    for (const [table, value] of Object.entries(rowsBefore)) {
      if (!REWRITES[name]?.includes(table)) expect(rowsAfter[table], `${name} keeps the rows of ${table}`).toBe(value)
    }

    const schemaAfter = await schema()
    if (!ONE_WAY.has(name)) {
      // Back: down leaves exactly the schema before the up, and the rows that were there before it; up again, the same schema.
      const down = await step(() => migrator.migrateDown())
      expect(down.error, `${name} down`).toBeUndefined()
      expect(await schema(), `${name} down restores the schema`).toEqual(schemaBefore)
      expect(await rowsOf(before), `${name} down keeps the rows`).toEqual(rowsBefore)
      const again = await step(() => migrator.migrateUp())
      expect(again.error, `${name} up again`).toBeUndefined()
      expect(await schema(), `${name} up again gives the same schema`).toEqual(schemaAfter)
      reversed.push(name)
    }

    // Rows for the tables this step created, so the next steps run over data.
    empty = await fillEmptyTables(after, await rowsOf(after))
    before = after
    rowsBefore = await rowsOf(after)
    schemaBefore = schemaAfter
  }
  const { rows: left } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ${scratchName} AND table_type = 'BASE TABLE'`.execute(db)
  console.info(`migrations: ${names.length} forward, ${reversed.length} down and up again; ${Number(left[0].n)} tables, left empty: ${empty.join(', ') || 'none'}`)
  expect(reversed.length).toBe(names.length - ONE_WAY.size)
  expect((await migrator.getMigrations()).every((m) => m.executedAt)).toBe(true)
})
