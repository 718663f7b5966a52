// /profile: who is signed in. Update forms and the avatar come with the profile issue.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { routeGuard } from '#app/rules/routes'
import { requireUser } from '#app/services/auth.server'
import { Card } from '#app/ui/card'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, routeGuard('/profile'))
  return {
    profile: {
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      // An owner's role is implied; staff see theirs and the company they work for.
      role: user.role === 'client' ? null : user.role,
      companyName: user.role === 'user' ? user.organisationName : null,
    },
  }
}

export default function ProfileRoute() {
  const { profile } = useLoaderData<typeof loader>()
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-semibold text-gray-900">Profile</h1>
      <Card aria-label="Profile details">
        <dl className="divide-y divide-gray-100 text-sm">
          <Row term="Name" value={profile.name} />
          <Row term="Email" value={profile.email} />
          {profile.role && <Row term="Role" value={profile.role} />}
          {profile.companyName && <Row term="Company" value={profile.companyName} />}
        </dl>
      </Card>
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
