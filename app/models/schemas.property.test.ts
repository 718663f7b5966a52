// Property tests over every zod schema the routes parse input with (issue 28, ADR 0085): hostile JSON bodies
// (wrong types, huge strings, unicode, NUL bytes, negative and fractional numbers, nested junk) never
// make a schema throw (a 500), and fields a caller must not set (client_id, role, price, ...) never
// come out of a parse unless the schema itself declares them. FUZZ_RUNS raises the runs (npm run fuzz).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z, type ZodTypeAny } from 'zod'
import { readBody } from '#app/services/api-request.server'

const RUNS = Number(process.env.FUZZ_RUNS ?? 100)
const modules = import.meta.glob<Record<string, unknown>>('./*.schema.ts', { eager: true })

const SCHEMAS = Object.entries(modules)
  .flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, ZodTypeAny] => entry[1] instanceof z.ZodType)
      .map(([name, schema]) => [`${file.replace('./', '')} ${name}`, schema] as const),
  )
  .sort(([a], [b]) => a.localeCompare(b))

/** Fields that only the server sets: a body carrying them must never get them through. */
const SMUGGLED = { client_id: 999_999, clientId: 999_999, role: 'superadmin', price: 0, priceCents: 0, permissions: ['*'], is_admin: true, user_id: 1 }

/** The object shape under effects, defaults and optionals, or null for a schema that is not an object. */
function shapeOf(schema: ZodTypeAny): Record<string, ZodTypeAny> | null {
  let current: ZodTypeAny = schema
  for (let depth = 0; depth < 10; depth++) {
    if (current instanceof z.ZodObject) return current.shape as Record<string, ZodTypeAny>
    if (current instanceof z.ZodEffects) current = current._def.schema
    else if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) current = current._def.innerType
    else if (current instanceof z.ZodPipeline) current = current._def.in
    else if (current instanceof z.ZodLazy) current = current.schema
    else return null
  }
  return null
}

const HUGE = 'x'.repeat(200_000)
const hostileString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\u202e', '💥'.repeat(1000), HUGE, '<script>alert(1)</script>', "' OR 1=1 --", '__proto__', '1e309', '-0', 'NaN'),
)
const hostileNumber = fc.oneof(fc.integer(), fc.integer({ min: -1_000_000, max: -1 }), fc.double(), fc.constantFrom(0, -0, 0.5, -1.5, 2 ** 53, Number.MAX_VALUE))
/** What JSON.parse makes of `{"toString": 1}`: an object String() and Number() cannot convert (readBody drops such keys). */
const unconvertible = fc.constantFrom(JSON.parse('{"toString":1}'), JSON.parse('{"valueOf":{},"toString":"x"}'))
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null), fc.constant(undefined), unconvertible)
// Plain objects only: a request body or query never holds an object without a prototype.
const hostile = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4, noNullPrototype: true }),
  ),
})).value

/** An object with the schema's own keys (so refinements past the type checks run too), hostile values, and the smuggled fields. */
function bodyFor(shape: Record<string, ZodTypeAny>) {
  return fc.record(Object.fromEntries(Object.keys(shape).map((key) => [key, hostile])), { requiredKeys: [], noNullPrototype: true }).map((body) => ({ ...SMUGGLED, ...body }))
}

describe('every input schema under hostile values', () => {
  it('finds the schemas', () => {
    expect(SCHEMAS.length).toBeGreaterThan(100)
  })

  it.each(SCHEMAS)('%s never throws and lets no smuggled field through', async (_name, schema) => {
    const shape = shapeOf(schema)
    const input = shape ? fc.oneof(bodyFor(shape), hostile) : hostile
    await fc.assert(
      fc.asyncProperty(input, async (value) => {
        // The schema gets what a route gets: the value sent as a JSON body and read by readBody (parseBody).
        const text = JSON.stringify(value) ?? ''
        const body = await readBody(new Request('http://test.local/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text }))
        // Async refinements (a uniqueness look-up) need the async parse; the sync one would throw for them.
        const parsed = await schema.safeParseAsync(body)
        if (!parsed.success || !shape || typeof parsed.data !== 'object' || parsed.data === null) return
        for (const key of Object.keys(SMUGGLED)) if (!(key in shape)) expect(parsed.data).not.toHaveProperty(key)
      }),
      { numRuns: RUNS },
    )
  })
})
