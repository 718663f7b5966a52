// /profile: the profile card, then three forms (details, password, avatar) that work with and without JavaScript.
// Password and e-mail changes need the current password and are refused in a log-in-as session (ADR 13).
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { validationError } from 'remix-validated-form'
import { SuccessAlert } from '#app/components/form-parts'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { AvatarForm, ChangePasswordForm, PASSWORD_FORM, PROFILE_FORM, ProfileDetailsForm, useAvatarError } from '#app/components/profile/profile-forms'
import { TwoFactorCard } from '#app/components/profile/two-factor-card'
import { AVATAR_MAX_BYTES, AVATAR_UPDATED, EMAIL_CONFIRMATION_SENT, PASSWORD_CHANGED, passwordValidator, PROFILE_UPDATED, profileValidator } from '#app/models/profile.schema'
import { pendingEmailChange, profileActions } from '#app/models/profile.server'
import { routeGuard } from '#app/rules/routes'
import { permissionsByGroup, platformModuleLabel, roleLabel } from '#app/rules/labels'
import { getAuth, IMPERSONATION_CREDENTIALS_REFUSED, requireOwnCredentials, requireUser } from '#app/models/auth-guards.server'
import { IMAGE_TYPES, isUploadError, readMultipart, sniffUpload } from '#app/services/storage.server'
import { Card } from '#app/ui/card'
import { readForm } from '#app/services/form-request.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, routeGuard('/profile'))
  const { session } = await getAuth(request)
  const { toast, headers } = await takeToast(request)
  return data(
    {
      // A log-in-as session sees why the credentials forms are closed to it.
      credentialsLocked: session.get('impersonatorUserId') ? IMPERSONATION_CREDENTIALS_REFUSED : null,
      pendingEmail: await pendingEmailChange(user),
      profile: {
        name: `${user.firstName} ${user.lastName}`.trim(),
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        // The role in words (ADR 0076), and for staff the company they work for and what they may do there.
        role: user.role === 'client' ? null : roleLabel({ role: user.role, permissions: user.permissions, platform: user.clientId === null }),
        companyName: user.role === 'user' ? user.organisationName : null,
        permissions: user.role === 'user' && user.clientId !== null ? permissionsByGroup(user.permissions) : [],
        modules: user.role === 'user' && user.clientId === null ? (user.roleModules ?? []).map(platformModuleLabel) : [],
        avatar: user.profileImg ? `/api/file/${user.profileImg}` : null,
      },
      toast,
    },
    { headers },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, routeGuard('/profile'))
  if ((request.headers.get('content-type') ?? '').includes('multipart/form-data')) {
    const form = await readMultipart(request)
    if (isUploadError(form)) return data({ avatarError: form.error }, { status: 400 })
    const upload = await sniffUpload(form.get('image') as File | null, { allowed: IMAGE_TYPES, maxBytes: AVATAR_MAX_BYTES })
    if (isUploadError(upload)) return data({ avatarError: upload.error }, { status: 400 })
    await profileActions.setAvatar(user, request, upload)
    return redirectWithToast(request, '/profile', AVATAR_UPDATED)
  }

  const form = await readForm(request)
  switch (form.get('intent')) {
    case 'password':
      return changeOwnPassword(request, form)
    case 'profile':
    case null:
      return updateOwnProfile(request, user, form)
    default:
      return data({ error: 'Unknown action' }, { status: 400 })
  }
}

async function changeOwnPassword(request: Request, form: FormData) {
  const user = await requireOwnCredentials(request)
  const result = await passwordValidator.validate(form)
  // Secrets are never sent back into the form.
  if (result.error) return validationError({ ...result.error, formId: PASSWORD_FORM }, {})
  const { session } = await getAuth(request)
  const outcome = await profileActions.changePassword(user, request, result.data, session.id || undefined)
  if (!outcome.ok) return validationError({ fieldErrors: { [outcome.field]: outcome.error }, formId: PASSWORD_FORM }, {})
  return redirectWithToast(request, '/profile', PASSWORD_CHANGED)
}

async function updateOwnProfile(request: Request, user: Awaited<ReturnType<typeof requireUser>>, form: FormData) {
  const result = await profileValidator.validate(form)
  const { currentPassword: _secret, ...kept } = result.submittedData
  if (result.error) return validationError({ ...result.error, formId: PROFILE_FORM }, kept)
  if (result.data.email !== user.email) await requireOwnCredentials(request)
  const outcome = await profileActions.update(user, request, result.data)
  if (!outcome.ok) return validationError({ fieldErrors: { [outcome.field]: outcome.error }, formId: PROFILE_FORM }, kept)
  const asked = result.data.email !== user.email
  return redirectWithToast(request, '/profile', asked ? `${PROFILE_UPDATED}. ${EMAIL_CONFIRMATION_SENT} ${result.data.email}.` : PROFILE_UPDATED)
}

export default function ProfileRoute() {
  const { profile, toast, credentialsLocked, pendingEmail } = useLoaderData<typeof loader>()
  const avatarError = useAvatarError()
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold text-gray-900">Profile</h1>
      <SuccessAlert>{toast}</SuccessAlert>
      <Card aria-label="Profile details">
        <div className="flex items-center gap-4">
          {profile.avatar ? (
            // eslint-disable-next-line jsx-a11y/img-redundant-alt -- "Profile image" is the name the page has always given it (tests/e2e/profile finds it by it)
            <img src={profile.avatar} alt="Profile image" className="size-16 rounded-full object-cover ring-1 ring-gray-200" />
          ) : (
            <span aria-hidden className="flex size-16 items-center justify-center rounded-full bg-brand-600 text-2xl font-semibold text-white">
              {profile.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <dl className="flex-1 divide-y divide-gray-100 text-sm">
            <Row term="Name" value={profile.name} />
            <Row term="Email" value={profile.email} note={pendingEmail ? `pending confirmation for ${pendingEmail}` : null} />
            {/* The spec: the profile shows the role unless it is client (the owner). */}
            {profile.role !== null && <Row term="Role" value={profile.role} />}
            {profile.companyName && <Row term="Company" value={profile.companyName} />}
            {profile.permissions.length > 0 ? (
              <Row term="Permissions">
                <ul className="space-y-1">
                  {profile.permissions.map((g) => (
                    <li key={g.group}>
                      <span className="font-medium">{g.group}:</span> {g.labels.join(', ')}
                    </li>
                  ))}
                </ul>
              </Row>
            ) : null}
            {profile.modules.length > 0 ? <Row term="Modules" value={profile.modules.join(', ')} /> : null}
          </dl>
        </div>
      </Card>
      <ProfileDetailsForm defaults={{ firstName: profile.firstName, lastName: profile.lastName, email: profile.email }} locked={credentialsLocked} />
      <ChangePasswordForm locked={credentialsLocked} />
      <TwoFactorCard />
      <AvatarForm error={avatarError} />
    </div>
  )
}

function Row({ term, value, note, children }: { term: string; value?: string; note?: string | null; children?: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-4 py-3">
      <dt className="font-medium text-gray-500">{term}</dt>
      <dd className="col-span-2 text-gray-900">
        {value}
        {children}
        {note ? <span className="block text-xs text-amber-700">{note}</span> : null}
      </dd>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Profile | Draftdesk' }]
