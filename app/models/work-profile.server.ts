// A contributor's own writer profile (issue 26, ADR 0068): they read all of it and change their availability,
// languages, expertise, certificates and scheduling link; levels and services stay as staff set them. The
// same profile row and save function as the staff form (staff.server.ts), for the session's own account only.
import { isContributor } from '#app/rules/people'
import type { Contributor } from './contributor-orders.server'
import { audited } from './audit.server'
import { saveWriterProfile, toWriterData, writerProfile } from './staff.server'
import type { WriterProfileInput } from './staff.schema'
import type { OwnWriterProfileInput } from './work-own.schema'

export const NOT_A_WRITER = 'Only contributors have a writer profile'

export type OwnProfile = {
  levels: string[]
  services: string[]
  languages: string[]
  certificates: string[]
  expertise: string[]
  availableDays: string[]
  schedulingLink: string | null
}

export async function ownWriterProfile(t: Contributor): Promise<OwnProfile> {
  const data = toWriterData(await writerProfile(t, t.user.id))
  return {
    levels: data.Levels,
    services: data.Services,
    languages: data.Languages,
    certificates: data.Certificates,
    expertise: data.Experties,
    availableDays: data['Available Days'],
    schedulingLink: data.schedulingLink,
  }
}

export type OwnProfileOutcome = { ok: true; profile: OwnProfile } | { ok: false; status: 403; error: string }

async function updateOwnWriterProfile(t: Contributor, input: OwnWriterProfileInput): Promise<OwnProfileOutcome> {
  if (!isContributor(t.user.permissions)) return { ok: false, status: 403, error: NOT_A_WRITER }
  const current = await ownWriterProfile(t)
  const link = input.schedulingLink === undefined ? current.schedulingLink : input.schedulingLink
  await saveWriterProfile(t, t.user.id, {
    // Staff's fields are written back as they are: the contributor's input never names them.
    levels: current.levels,
    services: current.services,
    languages: input.languages ?? current.languages,
    certificates: input.certificates ?? current.certificates,
    expertise: input.expertise ?? current.expertise,
    availableDays: (input.availableDays ?? current.availableDays) as WriterProfileInput['availableDays'],
    schedulingLink: link ?? undefined,
  })
  return { ok: true, profile: await ownWriterProfile(t) }
}

/** /work/profile and PATCH /api/writer/profile: the one write path, audited. */
export const ownProfileActions = {
  async update(t: Contributor, request: Request, input: OwnWriterProfileInput) {
    return audited(
      t,
      request,
      {
        module: 'users',
        action: 'own_writer_profile',
        message: (r: OwnProfileOutcome) => (r.ok ? `${t.user.email} updated their contributor profile` : `${r.error} (${t.user.email})`),
      },
      await updateOwnWriterProfile(t, input),
    )
  },
}
