// /packages/view: the subscription plans, a Details dialog (?details={id}) with the public checkout
// link, activate/deactivate (the provider price follows), visible, and the description edit.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { ValidatedForm, validationError } from 'remix-validated-form'
import { z } from 'zod'
import { DataTable } from '#app/components/data-table'
import { SubmitButton, SuccessAlert, TextArea } from '#app/components/forms'
import { Badge, PageHeader } from '#app/components/page'
import { CopyLink } from '#app/components/products/copy-link'
import { SwitchForm } from '#app/components/workflows/list-ui'
import { checkoutLink, clientPackageActions, findClientPackage, pageClientPackages, toClientPackageJson } from '#app/models/client-packages.server'
import {
  CRM_PERMISSIONS,
  DESCRIPTION_SAVED,
  descriptionValidator,
  PACKAGE_ACTIVATED,
  PACKAGE_CHANGED,
  PACKAGE_DEACTIVATED,
  PACKAGE_FAILED,
} from '#app/models/client-packages.schema'
import { formatMoney } from '#app/rules/money'
import { parseTableQuery, PEOPLE_PAGE_SIZES } from '#app/rules/table-query'
import { requirePlatform } from '#app/models/auth-guards.server'
import { takeToast } from '#app/services/flash.server'
import { Alert } from '#app/ui/alert'
import { PanelDialog } from '#app/ui/panel-dialog'
import { billingService } from '#app/services/billing-request.server'
import { readForm } from '#app/services/form-request.server'
import { rowActionClass } from '#app/ui/row-actions'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePlatform(request, 'client_packages')
  const url = new URL(request.url)
  const query = parseTableQuery(url.searchParams, { sizes: PEOPLE_PAGE_SIZES, sortable: ['name'], defaultSort: 'name' })
  const { rows, count } = await pageClientPackages(query)
  const detailsId = url.searchParams.get('details')
  const details = detailsId ? await findClientPackage(detailsId) : undefined
  const { toast, headers } = await takeToast(request)
  return data(
    {
      packages: rows.map(toClientPackageJson),
      count,
      query,
      // Public links come from configuration (PUBLIC_URL), never the request's Host.
      details: details ? { ...toClientPackageJson(details), checkoutLink: checkoutLink(details.public_id) } : null,
      toast,
    },
    { headers },
  )
}

const switchSchema = z.object({ id: z.string().min(1).max(64), value: z.enum(['true', 'false']) })

type Answer = { message: string | null; error: string | null; ms: number; at: number }

async function setActive(request: Request, form: FormData, actor: Awaited<ReturnType<typeof requirePlatform>>) {
  const parsed = switchSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) return data<Answer>({ message: null, error: PACKAGE_FAILED, ms: 0, at: Date.now() }, { status: 400 })
  const payments = billingService()
  if (!payments) return data<Answer>({ message: null, error: PACKAGE_FAILED, ms: 0, at: Date.now() }, { status: 503 })
  const on = parsed.data.value === 'true'
  const result = await clientPackageActions.setActive(actor, request, parsed.data.id, on, payments)
  if (!result.ok) return data<Answer>({ message: null, error: result.error, ms: 0, at: Date.now() }, { status: result.status })
  return data<Answer>({ message: on ? PACKAGE_ACTIVATED : PACKAGE_DEACTIVATED, error: null, ms: 1000, at: Date.now() })
}

async function setVisible(request: Request, form: FormData, actor: Awaited<ReturnType<typeof requirePlatform>>) {
  const parsed = switchSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) return data<Answer>({ message: null, error: PACKAGE_FAILED, ms: 0, at: Date.now() }, { status: 400 })
  const result = await clientPackageActions.setVisible(actor, request, parsed.data.id, parsed.data.value === 'true')
  if (!result.ok) return data<Answer>({ message: null, error: result.error, ms: 0, at: Date.now() }, { status: result.status })
  return data<Answer>({ message: PACKAGE_CHANGED, error: null, ms: 1000, at: Date.now() })
}

async function setDescription(request: Request, form: FormData, actor: Awaited<ReturnType<typeof requirePlatform>>) {
  const result = await descriptionValidator.validate(form)
  if (result.error) return validationError(result.error, result.submittedData)
  const saved = await clientPackageActions.setDescription(actor, request, String(form.get('id') ?? ''), result.data.description)
  if (!saved.ok) return data<Answer>({ message: null, error: saved.error, ms: 0, at: Date.now() }, { status: saved.status })
  return data<Answer>({ message: DESCRIPTION_SAVED, error: null, ms: 1500, at: Date.now() })
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requirePlatform(request, 'client_packages')
  const form = await readForm(request)
  switch (form.get('intent')) {
    case 'active':
      return setActive(request, form, actor)
    case 'visible':
      return setVisible(request, form, actor)
    case 'description':
      return setDescription(request, form, actor)
    default:
      return data<Answer>({ message: null, error: PACKAGE_FAILED, ms: 0, at: Date.now() }, { status: 400 })
  }
}

const INTERVAL_LABEL = { month: '/ month', year: '/ year' } as const

export default function PackagesViewRoute() {
  const { packages, count, query, details, toast } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as Partial<Answer> | undefined
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  params.delete('details')
  const closeTo = `${location.pathname}${params.size ? `?${params}` : ''}`
  const detailsHref = (id: string) => {
    const next = new URLSearchParams(location.search)
    next.set('details', id)
    return `${location.pathname}?${next}`
  }
  return (
    <div className="space-y-6">
      <PageHeader title="Packages" create={{ to: '/packages/create', thing: 'Package' }} />
      <SuccessAlert>{toast}</SuccessAlert>
      <TimedStatus message={answer?.message ?? null} ms={answer?.ms ?? 0} stamp={answer?.at ?? 0} />
      {answer?.error ? <Alert tone="danger">{answer.error}</Alert> : null}
      {details ? (
        <PanelDialog title={`${details.packageName} details`} closeTo={closeTo} wide>
          <PackageDetails details={details} />
        </PanelDialog>
      ) : null}
      <DataTable
        label="Packages"
        rows={packages}
        rowKey={(p) => p._id}
        total={count}
        query={query}
        sizes={PEOPLE_PAGE_SIZES}
        searchPlaceholder="Package name"
        columns={[
          { key: 'n', header: '#', cell: (_p, i) => query.start + i + 1, className: 'w-12 text-gray-500' },
          {
            key: 'name',
            header: 'Name',
            cell: (p) => (
              <span className="inline-flex flex-wrap items-center gap-1">
                <span className="font-medium text-gray-900">{p.packageName}</span>
                {p.trialPackage ? <Badge tone="blue">Trial {p.trialDays} days</Badge> : null}
                {p.leadsPackage ? <Badge>Leads</Badge> : null}
                {!p.isVisible ? <Badge tone="amber">Hidden</Badge> : null}
                {!p.active ? <Badge tone="red">Deactivated</Badge> : null}
              </span>
            ),
          },
          { key: 'users', header: 'Max Users', cell: (p) => p.maxUsers },
          { key: 'price', header: 'Price', cell: (p) => `${formatMoney(p.price, p.currency)} ${p.oneTimePay ? 'once' : INTERVAL_LABEL[p.recurringInterval]}` },
          { key: 'active', header: 'Active', cell: (p) => <SwitchForm label="" ariaLabel={`Active ${p.packageName}`} on={p.active} intent="active" id={p._id} /> },
          { key: 'visible', header: 'Visible', cell: (p) => <SwitchForm label="" ariaLabel={`Visible ${p.packageName}`} on={p.isVisible} intent="visible" id={p._id} /> },
          {
            key: 'details',
            header: 'Details',
            cell: (p) => (
              <Link to={detailsHref(p._id)} preventScrollReset className={rowActionClass()} aria-label={`Details of ${p.packageName}`}>
                Details
              </Link>
            ),
          },
        ]}
      />
    </div>
  )
}

type Details = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['details']>

function PackageDetails({ details }: { details: Details }) {
  const facts: [string, string][] = [
    ['Price', `${formatMoney(details.price, details.currency)} ${details.oneTimePay ? 'once' : INTERVAL_LABEL[details.recurringInterval]}`],
    ['Max Users', String(details.maxUsers)],
    ['Max CRM Users', String(details.maxCrmUsers)],
    ['Trial', details.trialPackage ? `${details.trialDays} days` : 'No'],
    ['One Time Pay', details.oneTimePay ? 'Yes' : 'No'],
    ['Leads Package', details.leadsPackage ? 'Yes' : 'No'],
    ['Users Upgrade Package', details.usersUpgradePackage ? 'Yes' : 'No'],
    ['Payment Provider Price Id', details.priceId],
    ['Created', details.createdAt.slice(0, 10)],
  ]
  const enabled = CRM_PERMISSIONS.filter((p) => details.crmUserPermissions[p.key])
  return (
    <div className="space-y-5">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 border-b border-gray-100 py-1">
            <dt className="text-gray-500">{label}</dt>
            <dd className="text-right font-medium text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-6">
        <SwitchForm label="Active" on={details.active} intent="active" id={details._id} />
        <SwitchForm label="Visible" on={details.isVisible} intent="visible" id={details._id} />
      </div>
      <CopyLink label="Checkout Link" value={details.checkoutLink} />
      <div>
        <h3 className="mb-2 text-sm font-medium text-gray-700">
          CRM User Permissions ({enabled.length} of {CRM_PERMISSIONS.length})
        </h3>
        <div className="flex flex-wrap gap-1">
          {enabled.map((p) => (
            <Badge key={p.key} tone="green">
              {p.label}
            </Badge>
          ))}
        </div>
      </div>
      <ValidatedForm
        method="post"
        validator={descriptionValidator}
        defaultValues={{ description: details.description }}
        id="package-description"
        aria-label="Package description"
        className="space-y-3"
      >
        <input type="hidden" name="intent" value="description" />
        <input type="hidden" name="id" value={details._id} />
        <TextArea name="description" label="Description" rows={3} maxLength={2000} />
        <SubmitButton className="btn btn-primary">Save Description</SubmitButton>
      </ValidatedForm>
    </div>
  )
}

/** The result of a switch or a save; with JavaScript it goes after `ms` (1 s for a change, 1.5 s for the description). */
function TimedStatus({ message, ms, stamp }: { message: string | null; ms: number; stamp: number }) {
  const [shown, setShown] = useState(message)
  useEffect(() => {
    setShown(message)
    if (!message || !ms) return
    const timer = setTimeout(() => setShown(null), ms)
    return () => clearTimeout(timer)
  }, [message, ms, stamp])
  return <SuccessAlert>{shown}</SuccessAlert>
}

export const meta: MetaFunction = () => [{ title: 'Packages | Draftdesk' }]
