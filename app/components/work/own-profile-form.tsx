// The contributor's own profile (/work/profile): what staff decided (levels, services) shown, and the fields
// the contributor keeps up to date themselves in a form that works without JavaScript.
import { ValidatedForm } from 'remix-validated-form'
import { FormAlert, SubmitButton, TextField } from '#app/components/forms'
import { ownWriterProfileValidator } from '#app/models/work-own.schema'
import { useHydrated } from '#app/ui/use-hydrated'
import { Card } from '#app/ui/card'
import { AvailableDays } from '#app/components/people/available-days'

export const OWN_PROFILE_FORM = 'work-own-profile'

export type OwnProfileValues = { languages: string; certificates: string; expertise: string; schedulingLink: string; availableDays: string[] }

export function StaffSetProfile({ levels, services }: { levels: string[]; services: string[] }) {
  return (
    <Card aria-labelledby="staff-set-heading">
      <h2 id="staff-set-heading" className="text-lg font-semibold text-gray-900">
        Set by your team
      </h2>
      <p className="mt-1 text-sm text-gray-600">Your levels and services decide which orders you are offered; ask your team to change them.</p>
      <dl className="mt-3 divide-y divide-gray-100 text-sm">
        <div className="grid grid-cols-3 gap-4 py-2">
          <dt className="font-medium text-gray-500">Levels</dt>
          <dd className="col-span-2 text-gray-900">{levels.length ? levels.join(', ') : '-'}</dd>
        </div>
        <div className="grid grid-cols-3 gap-4 py-2">
          <dt className="font-medium text-gray-500">Services</dt>
          <dd className="col-span-2 text-gray-900">{services.length ? services.join(', ') : '-'}</dd>
        </div>
      </dl>
    </Card>
  )
}

export function OwnProfileForm({ values, formError }: { values: OwnProfileValues; formError?: string | null }) {
  const hydrated = useHydrated()
  return (
    <Card aria-labelledby="own-profile-heading">
      <h2 id="own-profile-heading" className="text-lg font-semibold text-gray-900">
        Contributor profile
      </h2>
      <p className="mt-1 mb-4 text-sm text-gray-600">Used when your team assigns orders. Separate several values with commas.</p>
      <ValidatedForm
        method="post"
        id={OWN_PROFILE_FORM}
        validator={ownWriterProfileValidator}
        defaultValues={{ languages: values.languages, certificates: values.certificates, expertise: values.expertise, schedulingLink: values.schedulingLink } as never}
        noValidate={hydrated}
        className="grid gap-4 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="profile" />
        <div className="sm:col-span-2">
          <FormAlert>{formError}</FormAlert>
        </div>
        <TextField name="languages" label="Languages" />
        <TextField name="certificates" label="Certificates" />
        <TextField name="expertise" label="Expertise" />
        <TextField name="schedulingLink" label="Scheduling Link" placeholder="https://" inputMode="url" />
        <AvailableDays initial={values.availableDays} errorId="own-available-days-error" formId={OWN_PROFILE_FORM} />
        <div className="sm:col-span-2 flex justify-end">
          <div className="w-40">
            <SubmitButton>Save profile</SubmitButton>
          </div>
        </div>
      </ValidatedForm>
    </Card>
  )
}
