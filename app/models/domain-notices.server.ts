// The word to an organisation's owners whenever its custom domain changes (issue 28, ADR 0080): a change
// they did not make, or a pending claim released to another organisation, is seen at once.
import { tenantForJob } from '#app/services/db.server'
import { scopedAs, scopedJoin } from '#db/tenant'
import type { DomainChange } from './domains.server'
import { queueEmail } from './system-mail.server'

const NONE = 'none'

/** Queues `custom_domain_changed` to every active owner; its button leads to the domain page on a host the platform controls. */
export async function tellOwnersOfDomainChange(change: DomainChange): Promise<void> {
  const t = tenantForJob(change.clientId)
  const [org, owners] = await Promise.all([
    t.db.selectFrom('organisations').select('name').where('id', '=', change.clientId).executeTakeFirst(),
    scopedAs(t, 'memberships', 'm')
      .innerJoin('users as u', (join) => scopedJoin(t, 'u', join.onRef('u.id', '=', 'm.user_id')))
      .select(['u.email', 'u.first_name'])
      .where('m.role', '=', 'client')
      .where('m.active', '=', true)
      .where('m.archived', '=', false)
      .where('u.active', '=', true)
      .execute(),
  ])
  await Promise.all(
    owners.map((owner) =>
      queueEmail({
        clientId: change.clientId,
        to: owner.email,
        template: 'custom_domain_changed',
        fields: { firstName: owner.first_name, companyName: org?.name ?? '', customDomain: change.current ?? NONE, previousDomain: change.previous ?? NONE },
        buttonPath: '/website-settings/domain',
        // Built like a credential link: on the subdomain, never on the (possibly new and hostile) custom domain.
        credential: true,
      }),
    ),
  )
}
