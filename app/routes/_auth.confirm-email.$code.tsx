// /confirm-email/{code}: the link sent to a new e-mail address. The GET asks; the POST (single use) makes the change,
// so a mail scanner that fetches the link changes nothing (ADR 13).
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthHeading, LoginLink } from '#app/components/auth/auth-shell'
import { FormAlert, primaryButtonClass, SuccessAlert } from '#app/components/form-parts'
import { INVALID_LINK } from '#app/models/sign-in.server'
import { EMAIL_CHANGED } from '#app/models/profile.schema'
import { confirmEmailChange, emailChangeOf } from '#app/models/profile.server'
import { clientIp } from '#app/services/http.server'

export async function loader({ params }: LoaderFunctionArgs) {
  const email = await emailChangeOf(params.code ?? '')
  if (!email) return data({ email: null, error: INVALID_LINK }, { status: 401 })
  return { email, error: null }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const outcome = await confirmEmailChange(params.code ?? '', { ip: clientIp(request) })
  if (!outcome.ok) return data({ done: null, error: outcome.message }, { status: outcome.status })
  return { done: outcome.email, error: null }
}

export default function ConfirmEmailRoute() {
  const loaded = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  if (posted?.done) {
    return (
      <>
        <AuthHeading title="E-mail address changed" />
        <SuccessAlert>{`${EMAIL_CHANGED} Sign in with ${posted.done} from now on.`}</SuccessAlert>
        <LoginLink label="Go to login" />
      </>
    )
  }
  const error = posted?.error ?? loaded.error
  return (
    <>
      <AuthHeading title="Confirm your new e-mail address" subtitle={loaded.email ? `Use ${loaded.email} to sign in from now on?` : undefined} />
      <FormAlert>{error}</FormAlert>
      {loaded.email && !posted?.error ? (
        <Form method="post">
          <button type="submit" className={primaryButtonClass}>
            Confirm {loaded.email}
          </button>
        </Form>
      ) : null}
      <LoginLink label="Go to login" />
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Confirm e-mail | Draftdesk' }, { name: 'robots', content: 'noindex' }]
