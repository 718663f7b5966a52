// Released subdomains under races (issue 28, ADR 0081), against the real MariaDB: a rename and nine other
// organisations taking the name it releases at the same moment, then ten parallel takes of the held name.
import { describe, expect, it } from 'vitest'
import { setSubdomain } from '#app/models/domains.server'
import { SUBDOMAIN_TAKEN } from '#app/rules/subdomain'
import { platformDb, tenantForJob } from '#app/services/db.server'
import { createOrganisation } from '#tests/factories/index'

const suffix = () => Math.random().toString(36).slice(2, 8)
const holders = (name: string) => platformDb.selectFrom('organisations').select('id').where('subdomain', '=', name).execute()

describe('a held subdomain under parallel attempts', () => {
  it('is never taken by another organisation while it is released, and only its organisation takes it back', async () => {
    const orgs = await Promise.all(Array.from({ length: 10 }, () => createOrganisation()))
    const [a, ...others] = orgs.map((o) => ({ id: o.id, t: tenantForJob(o.id) }))
    const old = `race${suffix()}`
    expect(await setSubdomain(a!.t, old)).toMatchObject({ ok: true })

    // The rename and nine takes of the name it gives up, all at once.
    const race = await Promise.all([setSubdomain(a!.t, `away${suffix()}`), ...others.map((o) => setSubdomain(o.t, old))])
    expect(race[0]).toMatchObject({ ok: true })
    expect(race.slice(1)).toEqual(others.map(() => ({ ok: false, status: 400, error: SUBDOMAIN_TAKEN })))
    expect(await holders(old)).toEqual([])

    // Ten parallel takes of the held name: exactly the organisation that released it wins.
    const back = await Promise.all([a!, ...others].map((o) => setSubdomain(o.t, old)))
    expect(back.map((r) => r.ok)).toEqual([true, false, false, false, false, false, false, false, false, false])
    expect(await holders(old)).toEqual([{ id: a!.id }])
  })
})
