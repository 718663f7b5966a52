// /products/cart-settings: the cart redirect link (read-only, copyable) and, with WRITE_DOMAIN, its edit dialog.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigate } from '@remix-run/react'
import { useEffect } from 'react'
import { validationError, ValidatedForm } from 'remix-validated-form'
import { SubmitButton, SuccessAlert, TextField } from '#app/components/forms'
import { CopyLink } from '#app/components/products/copy-link'
import { getCartSettings, saveCartSettingsAudited } from '#app/models/cart-settings.server'
import { cartSettingsValidator } from '#app/models/products.schema'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission } from '#app/models/auth-guards.server'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { readForm } from '#app/services/form-request.server'

const SAVED = 'Saved Successfully!'
const BACK_AFTER_MS = 1500

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/products/cart-settings'))
  const canEdit = can(t.user, { all: ['WRITE_DOMAIN'] })
  const editing = canEdit && new URL(request.url).searchParams.get('edit') === '1'
  return { cartSettings: await getCartSettings(t), canEdit, editing }
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['WRITE_DOMAIN'] })
  const result = await cartSettingsValidator.validate(await readForm(request))
  if (result.error) return validationError(result.error, result.submittedData)
  await saveCartSettingsAudited(t, request, { redirectTo: result.data.redirectTo })
  return { saved: SAVED }
}

export default function CartSettingsRoute() {
  const { cartSettings, canEdit, editing } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as { saved?: string } | undefined
  const navigate = useNavigate()
  const saved = actionData?.saved ?? null
  useEffect(() => {
    if (!saved) return
    const timer = setTimeout(() => navigate('/products/cart-settings', { replace: true }), BACK_AFTER_MS)
    return () => clearTimeout(timer)
  }, [saved, navigate])
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-semibold text-gray-900">Cart Settings</h1>
      <Card aria-label="Cart redirect link" className="space-y-4">
        <CopyLink label="Cart Redirect Link" value={cartSettings.redirectTo} />
        {cartSettings.redirectTo ? null : <p className="text-sm text-gray-500">No redirect link set yet.</p>}
        {canEdit ? (
          <Link to="?edit=1" preventScrollReset className={buttonClass('secondary')}>
            Edit
          </Link>
        ) : null}
      </Card>
      {editing || saved ? (
        <div className="fixed inset-0 z-30 flex items-start justify-center bg-black/30 p-4 pt-24">
          <div role="dialog" aria-modal="true" aria-labelledby="cart-link-title" className="w-full max-w-md space-y-4 rounded-lg bg-white p-6 shadow-xl">
            <h2 id="cart-link-title" className="text-lg font-semibold text-gray-900">
              Edit Cart Redirect Link
            </h2>
            {saved ? (
              <>
                <SuccessAlert>{saved}</SuccessAlert>
                {/* Without JavaScript the page goes back on its own after the same delay. */}
                <noscript>
                  <meta httpEquiv="refresh" content={`${BACK_AFTER_MS / 1000};url=/products/cart-settings`} />
                </noscript>
              </>
            ) : (
              <ValidatedForm method="post" validator={cartSettingsValidator} defaultValues={{ redirectTo: cartSettings.redirectTo }} noValidate className="space-y-4">
                <TextField name="redirectTo" label="Redirect Link" placeholder="https://" autoComplete="url" />
                <div className="flex justify-end gap-3">
                  <Link to="/products/cart-settings" preventScrollReset className={buttonClass('secondary')}>
                    Cancel
                  </Link>
                  <div className="w-28">
                    <SubmitButton>Save</SubmitButton>
                  </div>
                </div>
              </ValidatedForm>
            )}
          </div>
        </div>
      ) : null}
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Cart Settings | Draftdesk' }]
