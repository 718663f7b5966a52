// Queries of one fixed shape that run on every request (the session, the signed-in account). Kysely builds
// a query's tree, runs its plugins over it and compiles it to SQL on every call: for the account's three-table
// join that was about a tenth of a small JSON answer's CPU (ADR 0113). These are built and compiled once per
// process; each call only puts its own values in the parameters.
import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from 'kysely'
import type { Database } from './types'

/** Where a parameter of the compiled query comes from: an argument of the call, or a value of the shape itself. */
type Slot = { arg: number } | { constant: unknown }

/**
 * `build` is called once, with stand-ins for its arguments, and must give the same SQL whatever their values:
 * only scalar values (`=`, `<`, ...), no branching on them and no lists (`in` with an argument would change
 * the number of placeholders). Each argument must appear among the query's values.
 */
export function compiledOnce<Args extends unknown[], Row>(db: Pick<Kysely<Database>, 'executeQuery'>, build: (...args: Args) => Compilable<Row>) {
  let shape: { compiled: CompiledQuery<Row>; slots: Slot[] } | null = null
  const compile = () => {
    const standIns = Array.from({ length: build.length }, (_, i) => Object.freeze({ standInFor: i }))
    const compiled = build(...(standIns as unknown as Args)).compile()
    const slots = compiled.parameters.map((value): Slot => {
      const arg = standIns.indexOf(value as (typeof standIns)[number])
      return arg >= 0 ? { arg } : { constant: value }
    })
    standIns.forEach((_, i) => {
      if (!slots.some((s) => 'arg' in s && s.arg === i)) throw new Error(`compiledOnce: argument ${i} is not one of the query's values`)
    })
    return { compiled, slots }
  }
  return async (...args: Args): Promise<Row[]> => {
    shape ??= compile()
    const parameters = shape.slots.map((s) => ('arg' in s ? args[s.arg] : s.constant))
    // A query id of its own per call, as Kysely gives each query (plugins keep per-query state under it).
    return (await db.executeQuery<Row>({ ...shape.compiled, queryId: createQueryId(), parameters })).rows
  }
}
