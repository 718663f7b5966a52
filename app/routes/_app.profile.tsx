// /profile: the profile card, then three forms (details, password, avatar) that work with and without JavaScript.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { validationError } from 'remix-validated-form'
import { SuccessAlert } from '#app/components/forms'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { AvatarForm, ChangePasswordForm, ProfileDetailsForm, passwordValidator, profileValidator, useAvatarError } from '#app/components/profile/profile-forms'
import { auditUserAction } from '#app/models/audit.server'
import { changePassword, setAvatar, updateProfile } from '#app/models/profile.server'
import { AVATAR_MAX_BYTES, AVATAR_UPDATED, PASSWORD_CHANGED, PROFILE_UPDATED } from '#app/models/profile.schema'
import { routeGuard } from '#app/rules/routes'
import { getAuth, requireUser } from '#app/services/auth.server'
import { IMAGE_TYPES, isUploadError, readMultipart, sniffUpload } from '#app/services/storage.server'
import { Card } from '#app/ui/card'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, routeGuard('/profile'))
  const { toast, headers } = await takeToast(request)
  return data(
    {
      profile: {
        name: `${user.firstName} ${user.lastName}`.trim(),
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        // An owner's role is implied; staff see theirs and the company they work for.
        role: user.role === 'client' ? null : user.role,
        companyName: user.role === 'user' ? user.organisationName : null,
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
    const form = await readMultipart(request, AVATAR_MAX_BYTES)
    if (isUploadError(form)) return data({ avatarError: form.error }, { status: 400 })
    const upload = await sniffUpload(form.get('image') as File | null, { allowed: IMAGE_TYPES, maxBytes: AVATAR_MAX_BYTES })
    if (isUploadError(upload)) return data({ avatarError: upload.error }, { status: 400 })
    await setAvatar(user, upload)
    await auditUserAction(user, request, { module: 'profile', action: 'update_profile_img', message: 'Changed own profile image' })
    return redirectWithToast(request, '/profile', AVATAR_UPDATED)
  }

  const form = await request.formData()
  if (form.get('subaction') === 'password') {
    const result = await passwordValidator.validate(form)
    // Secrets are never sent back into the form.
    if (result.error) return validationError(result.error, {})
    const { session } = await getAuth(request)
    await changePassword(user, result.data.password, session.id || undefined)
    await auditUserAction(user, request, { module: 'profile', action: 'change_password', message: 'Changed own password; other sessions ended' })
    return redirectWithToast(request, '/profile', PASSWORD_CHANGED)
  }

  const result = await profileValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const outcome = await updateProfile(user, result.data)
  if (!outcome.ok) return validationError({ fieldErrors: { [outcome.field]: outcome.error }, subaction: 'profile' }, result.submittedData)
  await auditUserAction(user, request, { module: 'profile', action: 'update', message: 'Updated own profile' })
  return redirectWithToast(request, '/profile', PROFILE_UPDATED)
}

export default function ProfileRoute() {
  const { profile, toast } = useLoaderData<typeof loader>()
  const avatarError = useAvatarError()
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold text-gray-900">Profile</h1>
      <SuccessAlert>{toast}</SuccessAlert>
      <Card aria-label="Profile details">
        <div className="flex items-center gap-4">
          {profile.avatar ? (
            <img src={profile.avatar} alt="Profile image" className="size-16 rounded-full object-cover ring-1 ring-gray-200" />
          ) : (
            <span aria-hidden className="flex size-16 items-center justify-center rounded-full bg-brand-600 text-2xl font-semibold text-white">
              {profile.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <dl className="flex-1 divide-y divide-gray-100 text-sm">
            <Row term="Name" value={profile.name} />
            <Row term="Email" value={profile.email} />
            {profile.role && <Row term="Role" value={profile.role} />}
            {profile.companyName && <Row term="Company" value={profile.companyName} />}
          </dl>
        </div>
      </Card>
      <ProfileDetailsForm defaults={{ firstName: profile.firstName, lastName: profile.lastName, email: profile.email }} />
      <ChangePasswordForm />
      <AvatarForm error={avatarError} />
    </div>
  )
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="grid grid-cols-3 gap-4 py-3">
      <dt className="font-medium text-gray-500">{term}</dt>
      <dd className="col-span-2 text-gray-900">{value}</dd>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Profile | Draftdesk' }]
