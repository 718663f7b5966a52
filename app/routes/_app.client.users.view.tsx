// /client/users/view: the organisation's staff, contributors and reviewers. Add/Edit User and Settings open as
// dialogs from the URL (?new=1, ?edit={_id}, ?settings={_id}), which without JavaScript render as page sections.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Form, useActionData, useFetcher, useLoaderData, useSearchParams } from '@remix-run/react'
import { Suspense, useEffect, useId, useState } from 'react'
import { validationError } from 'remix-validated-form'
import { ArchivedToggle, type Column, DataTable } from '#app/components/data-table'
import { FormAlert, inputClass, labelClass } from '#app/components/form-parts'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { switchAnswer } from '#app/models/status-switch.server'
import { CUSTOMER_CHANGED as CHANGED } from '#app/models/customers.schema'
import { loginAsKey, LoginAsRowForm } from '#app/components/login-as-button'
import { PanelDialog } from '#app/ui/panel-dialog'
import { EMPTY_USER, type UserFormValues } from '#app/components/people/user-form-values'
import { lazyWithServer } from '#app/ui/lazy-with-server'
import { SwitchForm } from '#app/components/people/switch-form'
import { FETCHER_FIELD } from '#app/rules/fetcher-field'
import { startLoginAs } from '#app/models/impersonation.server'
import { createUserValidator, customerFacingNameSchema, STAFF_SORTS, updateUserValidator, USER_CREATED, USER_UPDATED } from '#app/models/staff.schema'
import { findStaff, listStaff, staffActions, toStaffJson, writerProfile } from '#app/models/staff.server'
import { can } from '#app/rules/permissions'
import { loginAsRefusal, mayManageMember, RESET_LINK_SENT_TO } from '#app/rules/reach'
import { routeGuard } from '#app/rules/routes'
import { parseTableQuery, PEOPLE_PAGE_SIZES, tableHref } from '#app/rules/table-query'
import { requirePermission } from '#app/models/auth-guards.server'
import { Alert } from '#app/ui/alert'
import { buttonClass } from '#app/ui/button'
import { rowActionClass, RowLink } from '#app/ui/row-actions'
import { notFound } from '#app/services/http.server'
import { PageHeader } from '#app/components/page'

// The add and edit forms (remix-validated-form, zod) come with their dialog, not with the list (ADR 0077).
const UserForm = lazyWithServer(() => import('#app/components/people/user-form').then((m) => m.UserForm))

const PANEL_PARAMS = ['new', 'edit', 'settings']

function listHref(url: URL): string {
  const params = new URLSearchParams(url.search)
  for (const p of PANEL_PARAMS) params.delete(p)
  const qs = params.toString()
  return `/client/users/view${qs ? `?${qs}` : ''}`
}

function formValues(user: ReturnType<typeof toStaffJson>): UserFormValues {
  const wd = user.writer_data
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    permissions: user.permissions,
    levels: (wd?.Levels ?? []).join(', '),
    services: (wd?.Services ?? []).join(', '),
    languages: (wd?.Languages ?? []).join(', '),
    certificates: (wd?.Certificates ?? []).join(', '),
    expertise: (wd?.Experties ?? []).join(', '),
    availableDays: wd?.['Available Days'] ?? [],
    schedulingLink: wd?.schedulingLink ?? '',
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/client/users/view'))
  const url = new URL(request.url)
  const query = parseTableQuery(url.searchParams, { sizes: PEOPLE_PAGE_SIZES, sortable: STAFF_SORTS, defaultSort: 'name' })
  const archived = url.searchParams.get('archived') === 'true'
  const { rows, count } = await listStaff(t, { archived, search: query.search, sort: query.sort, dir: query.dir, start: query.start, size: query.size })
  const perms = {
    create: can(t.user, { all: ['WRITE_USERS'] }),
    update: can(t.user, { all: ['UPDATE_USERS'] }),
    facingName: can(t.user, { all: ['UPDATE_CUSTOMER_FACING_NAME'] }),
    loginAs: can(t.user, { all: ['LOGIN_AS_WRITER'] }),
  }

  let panel: { kind: 'new' } | { kind: 'edit' | 'settings'; user: ReturnType<typeof toStaffJson> & { manageable: boolean } } | null = null
  const editId = url.searchParams.get('edit') ?? url.searchParams.get('settings')
  if (url.searchParams.get('new') && perms.create) panel = { kind: 'new' }
  else if (editId) {
    const kind = url.searchParams.get('edit') ? 'edit' : 'settings'
    const target = await findStaff(t, editId)
    // Someone else's id (another organisation, or a customer) is simply not here.
    if (!target) throw notFound()
    const allowed = target.userId !== t.user.id && target.role !== 'client' && (kind === 'edit' ? perms.update : perms.update || perms.facingName)
    if (allowed) panel = { kind, user: { ...toStaffJson(target, await writerProfile(t, target.userId)), manageable: mayManageMember(t.user, target) } }
  }

  const { toast: flash, headers } = await takeToast(request)
  return data(
    {
      // The subset rule (ADR 13): manageable for password, status and reset links; reachable for log-in-as.
      // Only what the table shows: the dialogs load their person on their own (panel).
      users: rows.map((r) => {
        const { _id, firstName, lastName, email, role, active, archived, tags, permissions } = toStaffJson(r)
        return {
          _id,
          firstName,
          lastName,
          email,
          role,
          active,
          archived,
          tags,
          contributor: permissions.includes('WRITER'),
          isSelf: r.userId === t.user.id,
          manageable: mayManageMember(t.user, r),
          reachable: loginAsRefusal(t.user, r) === null,
        }
      }),
      count,
      query,
      archived,
      can: perms,
      panel,
      closeHref: listHref(url),
      flash,
    },
    { headers },
  )
}

type ActionAnswer = { ok: boolean; error?: string; message?: string; values?: Record<string, unknown> }

const fail = (status: number, error: string, values?: Record<string, unknown>) => data<ActionAnswer>({ ok: false, error, values }, { status })

/** The page's forms (Add/Edit User, the row switches, the name, the reset link, log-in-as) are told apart by `intent`. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  switch (intent) {
    case 'create':
      return createUser(request, form)
    case 'update':
      return updateUser(request, form)
    case 'active':
    case 'archive':
      return setUserStatus(request, form, intent)
    case 'facing-name':
      return setFacingName(request, form)
    case 'send-reset':
      return sendResetLink(request, form)
    case 'login-as':
      return logInAsUser(request, form)
    default:
      return fail(400, 'Unknown action')
  }
}

async function createUser(request: Request, form: FormData) {
  const t = await requirePermission(request, { all: ['WRITE_USERS'] })
  const result = await createUserValidator.validate(form)
  if (result.error) return validationError(result.error, withoutPassword(result.submittedData))
  const outcome = await staffActions.create(t, request, result.data)
  if (!outcome.ok) return fail(outcome.status, outcome.error, withoutPassword(result.submittedData))
  return redirectWithToast(request, listHref(new URL(request.url)), USER_CREATED)
}

async function updateUser(request: Request, form: FormData) {
  const t = await requirePermission(request, { all: ['UPDATE_USERS'] })
  const result = await updateUserValidator.validate(form)
  if (result.error) return validationError(result.error, withoutPassword(result.submittedData))
  const outcome = await staffActions.update(t, request, String(form.get('id') ?? ''), result.data)
  if (!outcome.ok) return fail(outcome.status, outcome.error, withoutPassword(result.submittedData))
  return redirectWithToast(request, listHref(new URL(request.url)), USER_UPDATED)
}

async function setUserStatus(request: Request, form: FormData, intent: 'active' | 'archive') {
  const t = await requirePermission(request, { all: ['UPDATE_USERS'] })
  const value = form.get('value') === 'true'
  const outcome = await staffActions.setStatus(t, request, String(form.get('id') ?? ''), intent === 'active' ? { active: value } : { archived: value })
  if (!outcome.ok) return fail(outcome.status, outcome.error)
  return switchAnswer(request, form, CHANGED)
}

async function setFacingName(request: Request, form: FormData) {
  const t = await requirePermission(request, { all: ['UPDATE_CUSTOMER_FACING_NAME'] })
  const parsed = customerFacingNameSchema.safeParse({ id: String(form.get('id') ?? ''), writerCustomerFacingName: form.get('writerCustomerFacingName') })
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? 'Invalid name')
  const outcome = await staffActions.setCustomerFacingName(t, request, parsed.data.id, parsed.data.writerCustomerFacingName)
  if (!outcome.ok) return fail(outcome.status, outcome.error)
  return data<ActionAnswer>({ ok: true, message: 'Saved' })
}

async function sendResetLink(request: Request, form: FormData) {
  const t = await requirePermission(request, { all: ['UPDATE_USERS'] })
  const outcome = await staffActions.sendResetLink(t, request, String(form.get('id') ?? ''))
  if (!outcome.ok) return fail(outcome.status, outcome.error)
  const url = new URL(request.url)
  return redirectWithToast(request, `${url.pathname}${url.search}`, `${RESET_LINK_SENT_TO} ${outcome.user.email}`)
}

async function logInAsUser(request: Request, form: FormData) {
  const type = form.get('type') === 'reviewer' ? 'reviewer' : 'writer'
  const t = await requirePermission(request, { all: ['LOGIN_AS_WRITER'] })
  const outcome = await startLoginAs(t, request, { id: String(form.get('id') ?? ''), type })
  if (!outcome.ok) return fail(outcome.status, outcome.error)
  // The row's fetcher opens the link in the window it opened; a plain post came in a new window: send it there.
  if (form.get(FETCHER_FIELD)) return data({ ok: true, link: outcome.link })
  return redirect(outcome.link)
}

function withoutPassword(values: Record<string, unknown>): Record<string, unknown> {
  const { password: _password, ...rest } = values
  return rest
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>
type UserRow = Loaded['users'][number]

const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : [])

/** After a failed no-JS post the form shows what was sent, including the checkboxes. */
function valuesFromPost(base: UserFormValues, posted: Record<string, unknown> | undefined): UserFormValues {
  if (!posted) return base
  const text = (key: keyof UserFormValues) => (typeof posted[key] === 'string' ? String(posted[key]) : Array.isArray(posted[key]) ? list(posted[key]).join(', ') : '')
  return {
    ...base,
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: base.email || text('email'),
    permissions: list(posted.permissions),
    levels: text('levels'),
    services: text('services'),
    languages: text('languages'),
    certificates: text('certificates'),
    expertise: text('expertise'),
    availableDays: list(posted.availableDays),
    schedulingLink: text('schedulingLink'),
  }
}

export default function ClientUsersRoute() {
  const { users, count, query, archived, can, panel, closeHref, flash } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as (ActionAnswer & { repopulateFields?: Record<string, unknown> }) | undefined
  const [params] = useSearchParams()
  const posted = actionData?.values ?? actionData?.repopulateFields

  const rowName = (u: UserRow) => `${u.firstName} ${u.lastName}`.trim()
  const columns: Column<UserRow>[] = [
    { key: 'n', header: '#', cell: (_, i) => i + 1, className: 'w-12 text-gray-500' },
    { key: 'name', header: 'Name', sort: 'name', cell: (u) => rowName(u) },
    { key: 'email', header: 'Email', sort: 'email', cell: (u) => u.email },
    {
      key: 'roles',
      header: 'Roles',
      sort: 'role',
      cell: (u) => (
        <div className="flex flex-wrap gap-1">
          {u.role === 'client' ? <Badge tone="gray">Owner</Badge> : null}
          {u.tags.map((tag) => (
            <Badge key={tag} tone={tag === 'Full Permissions' ? 'brand' : tag === 'Contributor' ? 'green' : 'amber'}>
              {tag}
            </Badge>
          ))}
        </div>
      ),
    },
    {
      key: 'tags',
      header: 'Tags',
      cell: (u) => (
        <div className="flex flex-wrap gap-1">
          {u.archived ? <Badge tone="gray">Archived</Badge> : null}
          {!u.active ? <Badge tone="red">Deactivated</Badge> : null}
        </div>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (u, _, fetchers) => {
        // No actions on one's own row, and the owner's row is not staff's to change.
        if (u.isSelf || u.role === 'client') return null
        const contributor = u.contributor
        return (
          <div className="flex flex-wrap items-center gap-2">
            {can.update ? (
              <RowLink
                to={`/client/users/view${tableHref(params, { edit: u._id, settings: null, new: null })}`}
                preventScrollReset
                className={ROW_BUTTON}
                aria-label={`Edit User ${rowName(u)}`}
              >
                Edit
              </RowLink>
            ) : null}
            {can.update || (can.facingName && contributor) ? (
              <RowLink
                to={`/client/users/view${tableHref(params, { settings: u._id, edit: null, new: null })}`}
                preventScrollReset
                className={ROW_BUTTON}
                aria-label={`Settings ${rowName(u)}`}
              >
                Settings
              </RowLink>
            ) : null}
            {can.loginAs && contributor && u.active && u.reachable ? (
              <LoginAsRowForm id={u._id} label="Login As Contributor" ariaLabel={`Login As Contributor ${rowName(u)}`} state={fetchers(loginAsKey(u._id))} />
            ) : null}
          </div>
        )
      },
    },
  ]

  return (
    <div className="space-y-6">
      <PageHeader
        title={archived ? 'Archived Users' : 'Users'}
        create={can.create ? { to: tableHref(params, { new: '1', edit: null, settings: null }), thing: 'User', label: 'Add User', preventScrollReset: true } : null}
      />
      {flash && panel?.kind !== 'settings' ? <Alert tone="success">{flash}</Alert> : null}
      {actionData?.error && !panel ? <FormAlert>{actionData.error}</FormAlert> : null}

      {panel?.kind === 'new' ? (
        <PanelDialog title="Add User" closeTo={closeHref} wide>
          <Suspense fallback={null}>
            <UserForm mode="create" values={valuesFromPost(EMPTY_USER, posted)} formError={actionData?.error} />
          </Suspense>
        </PanelDialog>
      ) : null}
      {panel?.kind === 'edit' ? (
        <PanelDialog title="Edit User" closeTo={closeHref} wide>
          <Suspense fallback={null}>
            <UserForm
              key={panel.user._id}
              mode="update"
              id={panel.user._id}
              values={valuesFromPost(formValues(panel.user), posted)}
              formError={actionData?.error}
              canSetPassword={panel.user.manageable}
            />
          </Suspense>
        </PanelDialog>
      ) : null}
      {panel?.kind === 'settings' ? (
        <PanelDialog title="Settings" closeTo={closeHref}>
          <UserSettings
            user={panel.user}
            canUpdate={can.update}
            canName={can.facingName}
            error={actionData?.error}
            savedName={actionData?.ok && actionData.message === 'Saved'}
            notice={flash}
          />
        </PanelDialog>
      ) : null}

      <DataTable
        label="Users"
        columns={columns}
        rows={users}
        rowKey={(u) => u._id}
        total={count}
        query={query}
        sizes={PEOPLE_PAGE_SIZES}
        searchPlaceholder="Name or email"
        toolbar={<ArchivedToggle label="Show Archived Users" />}
      />
    </div>
  )
}

const ROW_BUTTON = rowActionClass()

const BADGE_TONES = {
  brand: 'bg-brand-50 text-brand-700 ring-brand-100',
  green: 'bg-green-50 text-green-700 ring-green-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  gray: 'bg-gray-100 text-gray-700 ring-gray-200',
  red: 'bg-red-50 text-red-700 ring-red-200',
} as const

function Badge({ tone, children }: { tone: keyof typeof BADGE_TONES; children: React.ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${BADGE_TONES[tone]}`}>{children}</span>
}

function UserSettings({
  user,
  canUpdate,
  canName,
  error,
  savedName,
  notice,
}: {
  user: NonNullable<Extract<Loaded['panel'], { user: unknown }>>['user']
  canUpdate: boolean
  canName: boolean
  error?: string
  savedName?: boolean
  notice?: string | null
}) {
  const name = `${user.firstName} ${user.lastName}`.trim()
  const contributor = user.permissions.includes('WRITER')
  return (
    <div className="space-y-5">
      <p className="text-sm text-gray-600">
        {name} · {user.email}
      </p>
      <FormAlert>{error}</FormAlert>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {canUpdate && user.manageable ? (
        <>
          <div className="flex flex-wrap gap-6">
            <SwitchForm intent="active" id={user._id} on={user.active} label={`Active ${name}`} text="Active" />
            <SwitchForm intent="archive" id={user._id} on={user.archived} label={`Archive ${name}`} text="Archive" />
          </div>
          <Form method="post" preventScrollReset className="space-y-1">
            <input type="hidden" name="intent" value="send-reset" />
            <input type="hidden" name="id" value={user._id} />
            <button type="submit" className={buttonClass('secondary')} aria-label={`Send reset link ${name}`}>
              Send reset link
            </button>
            <p className="text-xs text-gray-500">E-mails {name} a link to choose a new password themselves.</p>
          </Form>
        </>
      ) : null}
      {canUpdate && !user.manageable ? (
        <p className="text-sm text-gray-600">{name} holds permissions you don't have: only someone with at least their permissions can change their status or password.</p>
      ) : null}
      {canName && contributor ? <CustomerFacingName id={user._id} initial={user.writerCustomerFacingName ?? ''} savedNoJs={!!savedName} /> : null}
    </div>
  )
}

const SAVED_RESET_MS = 1500

/** The contributor's name as customers see it: Editing while typed, Saving while posted, Saved for 1.5 s. */
function CustomerFacingName({ id, initial, savedNoJs }: { id: string; initial: string; savedNoJs: boolean }) {
  const fetcher = useFetcher<ActionAnswer>()
  const inputId = useId()
  const [value, setValue] = useState(initial)
  const [state, setState] = useState<'' | 'Editing' | 'Saving' | 'Saved'>(savedNoJs ? 'Saved' : '')

  useEffect(() => {
    if (fetcher.state === 'submitting') setState('Saving')
    else if (fetcher.state === 'idle' && fetcher.data) setState(fetcher.data.ok ? 'Saved' : 'Editing')
  }, [fetcher.state, fetcher.data])

  useEffect(() => {
    if (state !== 'Saved') return
    const timer = setTimeout(() => setState(''), SAVED_RESET_MS)
    return () => clearTimeout(timer)
  }, [state])

  return (
    <fetcher.Form method="post" className="space-y-2" preventScrollReset>
      <input type="hidden" name="intent" value="facing-name" />
      <input type="hidden" name="id" value={id} />
      <label htmlFor={inputId} className={labelClass}>
        Customer-facing name
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="writerCustomerFacingName"
          value={value}
          maxLength={100}
          onChange={(e) => {
            setValue(e.target.value)
            setState('Editing')
          }}
          className={inputClass}
        />
        <button type="submit" className={buttonClass('primary')}>
          Save
        </button>
      </div>
      <p aria-live="polite" className="h-5 text-sm text-gray-600" data-testid="facing-name-state">
        {state}
      </p>
      {fetcher.data?.error ? (
        <p role="alert" className="text-sm text-red-600">
          {fetcher.data.error}
        </p>
      ) : null}
    </fetcher.Form>
  )
}

export const meta: MetaFunction = () => [{ title: 'Users | Draftdesk' }]
