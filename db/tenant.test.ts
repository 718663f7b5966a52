// The tenant guard, trick by trick: each query is only compiled (the plugin runs), never sent.
import { DummyDriver, Kysely, MysqlAdapter, MysqlIntrospector, MysqlQueryCompiler, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { scoped, scopedAs, scopedDelete, scopedInsert, scopedJoin, scopedUpdate, TenantGuardError, withTenantGuard } from './tenant'
import type { Database } from './types'

const T = 5
const OTHER = 6
const base = new Kysely<Database>({
  dialect: {
    createAdapter: () => new MysqlAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new MysqlIntrospector(db),
    createQueryCompiler: () => new MysqlQueryCompiler(),
  },
})
const g = withTenantGuard(base, T)
const raw = withTenantGuard(base, null)
const t = { db: g, clientId: T }
// The tricks build queries the typed builder would rightly reject; they are checked as written.
const gx = g as Kysely<any>

/** A builder (compiled here) or, for raw SQL, the result of compiling it against a handle. */
type Case = [name: string, query: () => unknown]
const compiles = (query: Case[1]) => () => {
  const built = query() as { compile?: () => unknown }
  if (typeof built?.compile === 'function') built.compile()
}

const allowed: Case[] = [
  ['scoped select', () => scoped(t, 'memberships').selectAll()],
  ['users is a tenant table too', () => scoped(t, 'users').select('id')],
  ['unqualified client_id with one table', () => g.selectFrom('memberships').select('id').where('client_id', '=', T)],
  [
    'value on the left',
    () =>
      g
        .selectFrom('memberships')
        .select('id')
        .where((eb) => eb(eb.val(T), '=', eb.ref('client_id'))),
  ],
  ['sql.ref() pin', () => g.selectFrom('memberships as m').select('m.id').where(sql.ref('m.client_id'), '=', T)],
  [
    'pin beside an OR in parens',
    () =>
      scoped(t, 'memberships')
        .select('id')
        .where((eb) => eb.and([eb('memberships.client_id', '=', T), eb.or([eb('role', '=', 'user'), eb('active', '=', true)])])),
  ],
  ['joined table pinned in WHERE', () => scopedAs(t, 'memberships', 'm').innerJoin('users as u', 'u.id', 'm.user_id').where('u.client_id', '=', T).select('u.email')],
  [
    'joined table pinned in its inner ON',
    () =>
      scopedAs(t, 'memberships', 'm')
        .innerJoin('users as u', (j) => scopedJoin(t, 'u', j.onRef('u.id', '=', 'm.user_id')))
        .select('u.email'),
  ],
  [
    'joined table pinned in its left ON',
    () =>
      scopedAs(t, 'memberships', 'm')
        .leftJoin('writer_profiles as w', (j) => scopedJoin(t, 'w', j.onRef('w.user_id', '=', 'm.user_id')))
        .select('w.id'),
  ],
  // The lateral joins filter like their plain kinds, so a pin in their ON holds too.
  [
    'lateral inner join pinned in its ON',
    () =>
      scopedAs(t, 'memberships', 'm')
        .innerJoinLateral('users as u', (j) => scopedJoin(t, 'u', j.onRef('u.id', '=', 'm.user_id')))
        .select('u.email'),
  ],
  [
    'lateral left join pinned in its ON',
    () =>
      scopedAs(t, 'memberships', 'm')
        .leftJoinLateral('writer_profiles as w', (j) => scopedJoin(t, 'w', j.onRef('w.user_id', '=', 'm.user_id')))
        .select('w.id'),
  ],
  ['non-tenant tables need nothing', () => g.selectFrom('organisations').select('id')],
  [
    'scoped sub-query in WHERE',
    () =>
      scoped(t, 'memberships')
        .select('id')
        .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('users.client_id', '=', T)),
  ],
  [
    'scoped sub-query in the select list',
    () => scoped(t, 'memberships').select((eb) => eb.selectFrom('files').select(eb.fn.countAll().as('n')).where('files.client_id', '=', T).as('files')),
  ],
  [
    'scoped CTE',
    () =>
      g
        .with('mine', (db) => db.selectFrom('memberships').select('id').where('client_id', '=', T))
        .selectFrom('mine')
        .select('id'),
  ],
  ['scoped UNION branches', () => scoped(t, 'memberships').select('id').union(scoped(t, 'files').select('id'))],
  ['scoped derived table', () => g.selectFrom((eb) => eb.selectFrom('memberships').select('id').where('client_id', '=', T).as('d')).select('d.id')],
  [
    'raw fragments without a query',
    () =>
      scoped(t, 'memberships')
        .select('id')
        .where(sql<boolean>`JSON_CONTAINS(memberships.permissions, '"WRITER"')`),
  ],
  ['scoped update', () => scopedUpdate(t, 'memberships').set({ active: false }).where('id', '=', 1)],
  ['scoped delete', () => scopedDelete(t, 'memberships').where('id', '=', 1)],
  [
    'scoped insert, several rows',
    () =>
      scopedInsert(t, 'hidden_templates', [
        { kind: 'form', template_id: 1 },
        { kind: 'form', template_id: 2 },
      ]),
  ],
  ['scoped upsert', () => scopedInsert(t, 'hidden_templates', { kind: 'form', template_id: 1 }).onDuplicateKeyUpdate({ kind: 'form' })],
  [
    'INSERT … SELECT with the tenant as a value',
    () =>
      gx
        .insertInto('hidden_templates')
        .columns(['kind', 'template_id', 'client_id'])
        .expression((eb: any) =>
          eb
            .selectFrom('forms')
            .select(['kind', 'id', eb.val(T).as('client_id')])
            .where('forms.client_id', '=', T),
        ),
  ],
  [
    'INSERT … SELECT copying a pinned client_id',
    () =>
      gx
        .insertInto('hidden_templates')
        .columns(['kind', 'template_id', 'client_id'])
        .expression((eb: any) => eb.selectFrom('forms as f').select(['f.kind', 'f.id', 'f.client_id']).where('f.client_id', '=', T)),
  ],
  ['the raw handle reads tables no organisation owns', () => raw.selectFrom('contract_templates').selectAll()],
  // The counterparts of the refusals below that mutation testing found untested (issue 28).
  ['the tenant as a bigint', () => gx.selectFrom('memberships').select('id').where('client_id', '=', BigInt(T))],
  [
    'multi-table UPDATE with every table pinned',
    () =>
      gx.updateTable(['memberships as m', 'users as u']).set({ 'm.active': false }).whereRef('u.id', '=', 'm.user_id').where('m.client_id', '=', T).where('u.client_id', '=', T),
  ],
  ['the raw handle writes tables no organisation owns', () => raw.updateTable('contract_templates').set({ title: 'x' }).where('id', '=', 1)],
  ['the raw handle inserts into tables no organisation owns', () => raw.insertInto('contract_templates').values({ public_id: 'p', title: 't', content: 'c' })],
  [
    'pin in parentheses',
    () =>
      g
        .selectFrom('memberships')
        .select('id')
        .where((eb) => eb.parens('client_id', '=', T)),
  ],
  ['INSERT with client_id as the first column', () => g.insertInto('hidden_templates').values({ client_id: T, kind: 'form', template_id: 1 })],
  ['INSERT with an expression beside the tenant', () => g.insertInto('hidden_templates').values({ kind: sql<'form'>`'form'`, template_id: 1, client_id: T })],
  // Shapes the guard must read without stumbling (mutation testing, ADR 0103): each was let through only by luck.
  ['sql.val() as the pin value', () => g.selectFrom('memberships').select('id').where('client_id', '=', sql.val(T))],
  [
    'a join on client_id = client_id beside both pins',
    () =>
      scopedAs(t, 'memberships', 'm')
        .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'm.user_id').onRef('u.client_id', '=', 'm.client_id'))
        .where('u.client_id', '=', T)
        .select('u.id'),
  ],
  ['a cross join (no ON) of a pinned table', () => scoped(t, 'memberships').crossJoin('organisations').select('memberships.id')],
  ['a SELECT without FROM', () => g.selectNoFrom((eb) => eb.val(1).as('one'))],
  ['the raw handle updating every row of a table no organisation owns', () => raw.updateTable('contract_templates').set({ title: 'x' })],
  ['the raw handle deleting every row of a table no organisation owns', () => raw.deleteFrom('contract_templates')],
  [
    'INSERT … SELECT copying an unqualified client_id of its one pinned table',
    () =>
      gx
        .insertInto('hidden_templates')
        .columns(['kind', 'template_id', 'client_id'])
        .expression((eb: any) => eb.selectFrom('forms').select(['kind', 'id', 'client_id']).where('client_id', '=', T)),
  ],
]

const refused: Case[] = [
  ['no predicate', () => g.selectFrom('memberships').selectAll()],
  ['a predicate without client_id', () => g.selectFrom('memberships').selectAll().where('user_id', '=', 1)],
  ['users without client_id', () => g.selectFrom('users').select('id').where('email', '=', 'a@b.test')],
  [
    'pin inside OR',
    () =>
      g
        .selectFrom('memberships')
        .select('id')
        .where((eb) => eb.or([eb('client_id', '=', T), eb('id', '>', 0)])),
  ],
  [
    'pin inside NOT',
    () =>
      g
        .selectFrom('memberships')
        .select('id')
        .where((eb) => eb.not(eb('client_id', '!=', T))),
  ],
  ['!=', () => g.selectFrom('memberships').select('id').where('client_id', '!=', OTHER)],
  ['<>', () => g.selectFrom('memberships').select('id').where('client_id', '<>', OTHER)],
  ['IS NOT NULL', () => g.selectFrom('memberships').select('id').where('client_id', 'is not', null)],
  ['IN with another id', () => g.selectFrom('memberships').select('id').where('client_id', 'in', [T, OTHER])],
  ['>=', () => g.selectFrom('memberships').select('id').where('client_id', '>=', T)],
  ['another tenant', () => g.selectFrom('memberships').select('id').where('client_id', '=', OTHER)],
  ['this and another tenant', () => g.selectFrom('memberships').select('id').where('client_id', '=', T).where('client_id', '=', OTHER)],
  ['the id as a string', () => gx.selectFrom('memberships').select('id').where('client_id', '=', String(T))],
  [
    'client_id = client_id',
    () =>
      g
        .selectFrom('memberships')
        .select('id')
        .where((eb) => eb('client_id', '=', eb.ref('client_id'))),
  ],
  ['pin in HAVING only', () => g.selectFrom('memberships').select('client_id').groupBy('client_id').having('client_id', '=', T)],
  [
    'pin on the table name of an aliased table',
    () =>
      gx
        .selectFrom('memberships as m')
        .select('m.id')
        .where('memberships.client_id' as any, '=', T),
  ],
  ['unqualified pin with two tables', () => g.selectFrom('memberships as m').innerJoin('users as u', 'u.id', 'm.user_id').select('m.id').where('client_id', '=', T)],
  ['unpinned join', () => scopedAs(t, 'memberships', 'm').innerJoin('users as u', 'u.id', 'm.user_id').select('u.email')],
  ['the same table joined twice, pinned once', () => scopedAs(t, 'memberships', 'm').innerJoin('memberships as m2', 'm2.user_id', 'm.user_id').select('m2.id')],
  [
    'pin in a right join ON',
    () =>
      g
        .selectFrom('organisations as o')
        .rightJoin('memberships as m', (j) => scopedJoin(t, 'm', j.onRef('m.client_id', '=', 'o.id')))
        .select('m.id'),
  ],
  [
    'pin of the left table in a left join ON',
    () =>
      g
        .selectFrom('memberships as m')
        .leftJoin('organisations as o', (j) => j.onRef('o.id', '=', 'm.client_id').on('m.client_id', '=', T))
        .select('m.id'),
  ],
  [
    'unscoped sub-query in WHERE',
    () =>
      scoped(t, 'memberships')
        .select('id')
        .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id')),
  ],
  [
    'unscoped EXISTS',
    () =>
      scoped(t, 'memberships')
        .select('id')
        .where((eb) => eb.exists(eb.selectFrom('files').select('id').where('files.uploaded_by', '=', 1))),
  ],
  ['unscoped sub-query in the select list', () => scoped(t, 'memberships').select((eb) => eb.selectFrom('files').select('id').limit(1).as('f'))],
  [
    'unscoped sub-query in HAVING',
    () =>
      scoped(t, 'memberships')
        .select('role')
        .groupBy('role')
        .having((eb) => eb.exists(eb.selectFrom('files').select('id'))),
  ],
  [
    'unscoped sub-query in ON',
    () =>
      scopedAs(t, 'memberships', 'm')
        .innerJoin('organisations as o', (j) => j.on((eb) => eb('o.id', 'in', eb.selectFrom('files').select('client_id'))))
        .select('m.id'),
  ],
  [
    'correlated pin of the outer alias',
    () =>
      scopedAs(t, 'memberships', 'm')
        .select('m.id')
        .where((eb) => eb.exists(eb.selectFrom('memberships as m2').select('m2.id').where('m.client_id', '=', T))),
  ],
  [
    'unscoped CTE',
    () =>
      g
        .with('all_members', (db) => db.selectFrom('memberships').select('id'))
        .selectFrom('all_members')
        .select('id'),
  ],
  ['unscoped UNION branch', () => scoped(t, 'memberships').select('id').union(g.selectFrom('memberships').select('id'))],
  ['unscoped INTERSECT branch', () => scoped(t, 'memberships').select('id').intersect(g.selectFrom('files').select('id'))],
  ['unscoped EXCEPT branch', () => scoped(t, 'memberships').select('id').except(g.selectFrom('files').select('id'))],
  ['unscoped derived table', () => g.selectFrom((eb) => eb.selectFrom('memberships').select('id').as('d')).select('d.id')],
  ['raw SQL root', () => sql`SELECT * FROM memberships WHERE client_id = ${T}`.compile(g)],
  ['raw SQL root without tables', () => sql`SELECT 1`.compile(g)],
  [
    'raw sub-query fragment',
    () =>
      scoped(t, 'memberships')
        .select('id')
        .where(sql<boolean>`user_id IN (SELECT id FROM users)`),
  ],
  [
    'raw table expression',
    () =>
      gx
        .selectFrom(sql`memberships`.as('m'))
        .select('m.id')
        .where('m.client_id', '=', T),
  ],
  [
    'raw OR beside the pin',
    () =>
      scoped(t, 'memberships')
        .select('id')
        .where(sql<boolean>`role = 'user' OR 1 = 1`),
  ],
  [
    'raw OR inside a value',
    () =>
      gx
        .selectFrom('memberships')
        .select('id')
        .where('client_id', '=', T)
        .where('role', '=', sql`'x' OR 1 = 1`),
  ],
  [
    'raw || (OR in some modes)',
    () =>
      scoped(t, 'memberships')
        .select('id')
        .where(sql<boolean>`1 = 0 || 1 = 1`),
  ],
  [
    'raw OR after the WHERE',
    () =>
      scoped(t, 'memberships')
        .select('id')
        .modifyEnd(sql`OR 1 = 1`),
  ],
  [
    'raw client_id as the SET column',
    () =>
      gx
        .updateTable('memberships')
        .set(sql`client_id` as any, OTHER)
        .where('client_id', '=', T),
  ],
  [
    'raw client_id smuggled into a SET value',
    () =>
      gx
        .updateTable('memberships')
        .set({ active: sql`false, client_id = ${OTHER}` })
        .where('client_id', '=', T),
  ],
  [
    'raw client_id in ON DUPLICATE KEY UPDATE',
    () =>
      gx
        .insertInto('memberships')
        .values({ client_id: T, user_id: 1, role: 'user', permissions: '[]' })
        .onDuplicateKeyUpdate({ role: sql`'x', client_id = ${OTHER}` }),
  ],
  ['client_id in UPDATE SET', () => scopedUpdate(t, 'memberships').set({ client_id: OTHER }).where('id', '=', 1)],
  ['UPDATE without a pin', () => g.updateTable('memberships').set({ active: false }).where('id', '=', 1)],
  [
    'UPDATE with the pin inside OR',
    () =>
      g
        .updateTable('memberships')
        .set({ active: false })
        .where((eb) => eb.or([eb('client_id', '=', T), eb('id', '=', 1)])),
  ],
  ['UPDATE with an unscoped sub-query value', () => scopedUpdate(t, 'memberships').set((eb) => ({ role: eb.selectFrom('memberships as o').select('o.role').limit(1) }))],
  ['DELETE without a pin', () => g.deleteFrom('memberships').where('id', '=', 1)],
  ['DELETE with an unpinned join', () => scopedDelete(t, 'memberships').innerJoin('users', 'users.id', 'memberships.user_id').where('users.email', '=', 'x')],
  ['INSERT without client_id', () => gx.insertInto('hidden_templates').values({ kind: 'form', template_id: 1 })],
  ['INSERT for another tenant', () => g.insertInto('hidden_templates').values({ kind: 'form', template_id: 1, client_id: OTHER })],
  [
    'multi-row INSERT with one row for another tenant',
    () =>
      g.insertInto('hidden_templates').values([
        { kind: 'form', template_id: 1, client_id: T },
        { kind: 'form', template_id: 2, client_id: OTHER },
      ]),
  ],
  [
    'multi-row INSERT with one row defaulting client_id',
    () =>
      gx.insertInto('hidden_templates').values([
        { kind: 'form', template_id: 1, client_id: T },
        { kind: 'form', template_id: 2 },
      ]),
  ],
  [
    'INSERT with client_id from a sub-query',
    () => g.insertInto('hidden_templates').values((eb) => ({ kind: 'form', template_id: 1, client_id: eb.selectFrom('organisations').select('id').limit(1) })),
  ],
  ['ON DUPLICATE KEY UPDATE client_id', () => scopedInsert(t, 'hidden_templates', { kind: 'form', template_id: 1 }).onDuplicateKeyUpdate({ client_id: OTHER })],
  [
    'INSERT … SELECT for another tenant',
    () =>
      gx
        .insertInto('hidden_templates')
        .columns(['kind', 'template_id', 'client_id'])
        .expression((eb: any) =>
          eb
            .selectFrom('forms')
            .select(['kind', 'id', eb.val(OTHER).as('client_id')])
            .where('forms.client_id', '=', T),
        ),
  ],
  [
    'INSERT … SELECT from an unscoped table',
    () =>
      gx
        .insertInto('hidden_templates')
        .columns(['kind', 'template_id', 'client_id'])
        .expression((eb: any) => eb.selectFrom('forms').select(['kind', 'id', 'client_id'])),
  ],
  [
    'INSERT … SELECT copying an unpinned client_id',
    () =>
      gx
        .insertInto('hidden_templates')
        .columns(['kind', 'template_id', 'client_id'])
        .expression((eb: any) =>
          eb.selectFrom('forms as f').innerJoin('organisations as o', 'o.id', 'f.client_id').select(['f.kind', 'f.id', 'o.id as client_id']).where('f.client_id', '=', T),
        ),
  ],
  ['REPLACE INTO a tenant table', () => g.replaceInto('hidden_templates').values({ kind: 'form', template_id: 1, client_id: T })],
  ['the raw handle on a tenant table, even pinned', () => raw.selectFrom('memberships').select('id').where('client_id', '=', T)],
  ['the raw handle inserting into a tenant table', () => raw.insertInto('hidden_templates').values({ kind: 'form', template_id: 1, client_id: T })],
  ['the raw handle with raw SQL', () => sql`SELECT 1`.compile(raw)],
  // Each of these was let through by a surviving mutant of the guard (issue 28).
  [
    'client_id + 1 in raw SQL as the pin',
    () =>
      gx
        .selectFrom('memberships')
        .select('id')
        .where(sql`${sql.ref('client_id')} + 1`, '=', T),
  ],
  [
    'client_id joined to raw text as the pin',
    () =>
      gx
        .selectFrom('memberships')
        .select('id')
        .where(sql`${sql.ref('client_id')}${sql.raw('+1')}`, '=', T),
  ],
  ['another tenant as a bigint', () => gx.selectFrom('memberships').select('id').where('client_id', '=', BigInt(OTHER))],
  ['another tenant as a bigint beside the pin', () => gx.selectFrom('memberships').select('id').where('client_id', '=', T).where('client_id', '=', BigInt(OTHER))],
  ['client_id after another column in UPDATE SET', () => scopedUpdate(t, 'memberships').set({ active: false, client_id: OTHER }).where('id', '=', 1)],
  [
    'client_id after another column in ON DUPLICATE KEY UPDATE',
    () => scopedInsert(t, 'hidden_templates', { kind: 'form', template_id: 1 }).onDuplicateKeyUpdate({ kind: 'form', client_id: OTHER }),
  ],
  [
    'INSERT … SELECT … UNION with another tenant in a branch',
    () =>
      gx
        .insertInto('hidden_templates')
        .columns(['kind', 'template_id', 'client_id'])
        .expression((eb: any) =>
          eb
            .selectFrom('forms')
            .select(['kind', 'id', eb.val(T).as('client_id')])
            .where('forms.client_id', '=', T)
            .union(
              eb
                .selectFrom('forms')
                .select(['kind', 'id', eb.val(OTHER).as('client_id')])
                .where('forms.client_id', '=', T),
            ),
        ),
  ],
  [
    'INSERT … SELECT … UNION, even with the tenant in every branch (one SELECT only)',
    () =>
      gx
        .insertInto('hidden_templates')
        .columns(['kind', 'template_id', 'client_id'])
        .expression((eb: any) =>
          eb
            .selectFrom('forms')
            .select(['kind', 'id', eb.val(T).as('client_id')])
            .where('forms.client_id', '=', T)
            .union(
              eb
                .selectFrom('forms')
                .select(['kind', 'id', eb.val(T).as('client_id')])
                .where('forms.client_id', '=', T),
            ),
        ),
  ],
  ['raw DELETE root', () => sql`DELETE FROM memberships`.compile(g)],
  [
    'INSERT … SELECT copying client_id from a derived table of another table',
    () =>
      gx
        .insertInto('hidden_templates')
        .columns(['kind', 'template_id', 'client_id'])
        .expression((eb: any) =>
          eb.selectFrom(eb.selectFrom('organisations').select(['id as client_id', 'id']).as('d')).select([eb.val('form').as('kind'), 'd.id', 'd.client_id']),
        ),
  ],
  [
    'INSERT … SELECT copying an unqualified client_id with two tables',
    () =>
      gx
        .insertInto('hidden_templates')
        .columns(['kind', 'template_id', 'client_id'])
        .expression((eb: any) =>
          eb.selectFrom('forms as f').innerJoin('organisations as o', 'o.id', 'f.client_id').select(['f.kind', 'f.id', 'client_id']).where('f.client_id', '=', T),
        ),
  ],
  ['raw UPDATE root', () => sql`UPDATE memberships SET active = 0`.compile(g)],
  [
    'multi-table UPDATE with one table unpinned',
    () => gx.updateTable(['memberships as m', 'users as u']).set({ 'm.active': false, 'u.name': 'x' }).whereRef('u.id', '=', 'm.user_id').where('m.client_id', '=', T),
  ],
  ['multi-table UPDATE with nothing pinned', () => gx.updateTable(['memberships', 'users']).set({ 'memberships.active': false }).whereRef('users.id', '=', 'memberships.user_id')],
  [
    'UPDATE … FROM an unpinned table',
    () => gx.updateTable('memberships').from('users').set({ active: false }).whereRef('users.id', '=', 'memberships.user_id').where('memberships.client_id', '=', T),
  ],
  ['DELETE … USING an unpinned table', () => gx.deleteFrom('memberships').using('users').whereRef('users.id', '=', 'memberships.user_id').where('memberships.client_id', '=', T)],
  [
    'INSERT … SELECT copying client_id from a joined derived table while the first table is pinned',
    () =>
      gx
        .insertInto('hidden_templates')
        .columns(['kind', 'template_id', 'client_id'])
        .expression((eb: any) =>
          eb
            .selectFrom('forms as f')
            .innerJoin(eb.selectFrom('organisations').select(['id as client_id']).as('d'), (j: any) => j.on(sql`true`))
            .select(['f.kind', 'f.id', 'd.client_id'])
            .where('f.client_id', '=', T),
        ),
  ],
  ['the raw handle updating a tenant table', () => raw.updateTable('memberships').set({ active: false }).where('client_id', '=', T)],
  ['the raw handle deleting from a tenant table', () => raw.deleteFrom('memberships').where('client_id', '=', T)],
]

describe('tenant guard plugin', () => {
  it.each(allowed)('lets through: %s', (_name, query) => {
    expect(compiles(query)).not.toThrow()
  })

  it.each(refused)('refuses: %s', (_name, query) => {
    expect(compiles(query)).toThrow(TenantGuardError)
  })

  it('accepts only a positive integer as the expected tenant', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => withTenantGuard(base, bad)).toThrow(TenantGuardError)
  })

  it('takes null (the raw handle) and positive integers', () => {
    for (const ok of [null, 1, T, 2 ** 31]) expect(() => withTenantGuard(base, ok)).not.toThrow()
    expect(() => withTenantGuard(base, 2 ** 53)).toThrow('Tenant guard: not a client id: 9007199254740992')
  })

  it('passes results through untouched', async () => {
    await expect(g.selectFrom('organisations').select('id').execute()).resolves.toEqual([])
  })

  // Each refusal names its reason: a mutant that refuses for another reason (or lets the query through) fails here.
  it.each([
    ['select from memberships without a top-level memberships.client_id = 5', () => g.selectFrom('memberships').selectAll()],
    ["select from memberships with client_id = '5', another tenant", () => gx.selectFrom('memberships').select('id').where('client_id', '=', String(T))],
    ['select from memberships with client_id = 6, another tenant', () => g.selectFrom('memberships').select('id').where('client_id', '=', OTHER)],
    [
      'insert into hidden_templates with client_id not a plain value, not this tenant',
      () => g.insertInto('hidden_templates').values({ kind: 'form', template_id: 1, client_id: sql<number>`5` }),
    ],
    ["select from memberships as m on a handle without a tenant (use the request's t.db)", () => raw.selectFrom('memberships as m').select('m.id').where('m.client_id', '=', T)],
    ['update memberships without a top-level memberships.client_id = 5', () => g.updateTable('memberships').set({ active: false }).where('id', '=', 1)],
    ['delete from memberships without a top-level memberships.client_id = 5', () => g.deleteFrom('memberships').where('id', '=', 1)],
    ['client_id in UPDATE … SET (rows never move between tenants)', () => scopedUpdate(t, 'memberships').set({ client_id: OTHER }).where('id', '=', 1)],
    [
      'client_id in ON DUPLICATE KEY UPDATE (rows never move between tenants)',
      () => scopedInsert(t, 'hidden_templates', { kind: 'form', template_id: 1 }).onDuplicateKeyUpdate({ client_id: OTHER }),
    ],
    [
      "insert into hidden_templates on a handle without a tenant (use the request's t.db)",
      () => raw.insertInto('hidden_templates').values({ kind: 'form', template_id: 1, client_id: T }),
    ],
    ['REPLACE INTO hidden_templates (it deletes whichever row holds the key)', () => g.replaceInto('hidden_templates').values({ kind: 'form', template_id: 1, client_id: T })],
    ['insert into hidden_templates without a client_id value', () => gx.insertInto('hidden_templates').values({ kind: 'form', template_id: 1 })],
    ['insert into hidden_templates with client_id 6, not this tenant', () => g.insertInto('hidden_templates').values({ kind: 'form', template_id: 1, client_id: OTHER })],
    [
      'INSERT … SELECT into hidden_templates whose client_id is not this tenant',
      () =>
        gx
          .insertInto('hidden_templates')
          .columns(['kind', 'template_id', 'client_id'])
          .expression((eb: any) =>
            eb
              .selectFrom('forms')
              .select(['kind', 'id', eb.val(OTHER).as('client_id')])
              .where('forms.client_id', '=', T),
          ),
    ],
    [
      'insert into hidden_templates without plain values or a single SELECT',
      () =>
        gx
          .insertInto('hidden_templates')
          .columns(['kind', 'template_id', 'client_id'])
          .expression((eb: any) =>
            eb
              .selectFrom('forms')
              .select(['kind', 'id', 'client_id'])
              .where('client_id', '=', T)
              .union(eb.selectFrom('forms').select(['kind', 'id', 'client_id']).where('client_id', '=', T)),
          ),
    ],
    ['MergeQueryNode on a guarded handle', () => gx.mergeInto('memberships as m').using('users as u', 'u.id', 'm.user_id').whenMatched().thenDelete()],
    [
      'a raw SQL sub-query (write it with the query builder)',
      () =>
        scoped(t, 'memberships')
          .select('id')
          .where(sql<boolean>`user_id IN (SELECT id FROM users)`),
    ],
    [
      'a raw table expression (name tables with the query builder)',
      () =>
        gx
          .selectFrom(sql`memberships`.as('m'))
          .select('m.id')
          .where('m.client_id', '=', T),
    ],
    ['raw SQL on a guarded handle (use the query builder; platform code uses platformDb)', () => sql`DELETE FROM memberships`.compile(g)],
    ['CreateTableNode on a guarded handle', () => g.schema.createTable('x').addColumn('id', 'integer')],
    [
      'select from forms without a top-level forms.client_id = 5',
      () =>
        gx
          .insertInto('hidden_templates')
          .columns(['kind', 'template_id', 'client_id'])
          .expression((eb: any) => eb.selectFrom('forms').select(['kind', 'id', 'client_id'])),
    ],
    [
      'insert into hidden_templates without plain values or a single SELECT',
      () =>
        gx
          .insertInto('hidden_templates')
          .columns(['kind', 'template_id', 'client_id'])
          .expression(sql`(VALUES (1))`),
    ],
    ['insert into hidden_templates without plain values or a single SELECT', () => gx.insertInto('hidden_templates').columns(['kind', 'template_id', 'client_id'])],
    [
      'INSERT … SELECT into hidden_templates whose client_id is not this tenant',
      () =>
        gx
          .insertInto('hidden_templates')
          .columns(['kind', 'template_id', 'client_id'])
          .expression((eb: any) => eb.selectFrom('forms').select(['kind', 'id']).where('forms.client_id', '=', T)),
    ],
    [
      'INSERT … SELECT into hidden_templates whose client_id is not this tenant',
      () =>
        gx
          .insertInto('hidden_templates')
          .columns(['kind', 'template_id', 'client_id'])
          .expression((eb: any) =>
            eb
              .selectFrom('forms as f')
              .innerJoin(eb.selectFrom('organisations').select(['id as client_id']).as('d'), (j: any) => j.on(sql`true`))
              .select(['f.kind', 'f.id', 'd.client_id'])
              .where('f.client_id', '=', T),
          ),
    ],
    ['select from memberships with client_id = 6, another tenant', () => g.selectFrom('memberships').select('id').where('client_id', '=', sql.val(OTHER))],
    [
      'INSERT … SELECT into hidden_templates whose client_id is not this tenant',
      () =>
        gx
          .insertInto('hidden_templates')
          .columns(['kind', 'template_id', 'client_id'])
          .expression((eb: any) => eb.selectFrom('forms').where('forms.client_id', '=', T)),
    ],
  ])('refuses with its reason: %s', (reason, query) => {
    let error: unknown
    try {
      compiles(query)()
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(TenantGuardError)
    expect((error as Error).name).toBe('TenantGuardError')
    expect((error as Error).message).toBe(`Tenant guard: ${reason}`)
  })

  it('says which table and predicate it wanted', () => {
    expect(() => scopedAs(t, 'memberships', 'm').innerJoin('users as u', 'u.id', 'm.user_id').select('u.id').compile()).toThrow(
      'Tenant guard: select from users as u without a top-level u.client_id = 5',
    )
  })
})
