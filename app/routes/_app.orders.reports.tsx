// /orders/reports: Reports (beta). Request a CSV of the orders of a date range (a preset or two
// dates), with chosen fields and questionnaires; the list shows each report's status and link.
// Without JavaScript everything is a plain form and link (refresh to see a status change); with
// it the list re-reads itself while a report is queued or running.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'
import { FieldError, FormAlert, inputClass, labelClass, linkClass } from '#app/components/form-parts'
import { Badge, PageHeader, Toast } from '#app/components/page'
import {
  parseReportForm,
  REPORT_DELETED,
  REPORT_FAILED,
  REPORT_LIST_FAILED,
  REPORT_NOT_FOUND,
  REPORT_REQUESTED,
  REPORT_RETENTION_DAYS,
  type ReportFormValues,
} from '#app/models/order-reports.schema'
import { createReport, deleteReport, listReports, reportQuestionnaires, type ReportJson, type ReportQuestionnaire } from '#app/models/order-reports.server'
import { RANGE_PRESETS, REPORT_FIELDS } from '#app/rules/order-reports'
import { routeGuard } from '#app/rules/routes'
import { listLoadErrorBoundary } from '#app/components/error-screens'
import { requirePermission } from '#app/models/auth-guards.server'
import { redirectWithToast, takeToast } from '#app/services/flash.server'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { EmptyRow, Table, TBody, Th, THead } from '#app/ui/table'

const PATH = '/orders/reports'
/** How often the page re-reads the list while a report is on its way. */
const POLL_MS = 3000

/** Each part reads on its own: a failing list still leaves the form usable, and the other way round. */
async function settle<T>(what: string, work: Promise<T>): Promise<T | null> {
  try {
    return await work
  } catch (error) {
    console.error(`[reports] ${what} failed: ${error instanceof Error ? error.message : String(error)}`)
    return null
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard(PATH))
  const [reports, questionnaires, { toast, headers }] = await Promise.all([settle('list', listReports(t)), settle('questionnaires', reportQuestionnaires(t)), takeToast(request)])
  return data({ reports, questionnaires, toast }, { headers })
}

type ActionAnswer = { errors: Record<string, string>; values: ReportFormValues }

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, routeGuard(PATH))
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  switch (intent) {
    case 'create':
      return create(t, request, form)
    case 'delete':
      return remove(t, request, form)
    default:
      return data({ error: 'Unknown action' }, { status: 400 })
  }
}

async function create(t: Awaited<ReturnType<typeof requirePermission>>, request: Request, form: FormData) {
  const parsed = parseReportForm(form, new Date())
  if (!parsed.ok) return data<ActionAnswer>({ errors: parsed.errors, values: parsed.values }, { status: 400 })
  let result: Awaited<ReturnType<typeof createReport>>
  try {
    result = await createReport(t, t.user.id, parsed.data)
  } catch (error) {
    console.error(`[reports] create failed: ${error instanceof Error ? error.message : String(error)}`)
    result = { ok: false, status: 500, error: REPORT_FAILED }
  }
  if (!result.ok) return data<ActionAnswer>({ errors: { [result.field ?? 'form']: result.error }, values: parsed.values }, { status: result.status })
  return redirectWithToast(request, PATH, REPORT_REQUESTED)
}

/** Deletes one report and its file, freeing its bytes of the storage quota (ADR 0082). */
async function remove(t: Awaited<ReturnType<typeof requirePermission>>, request: Request, form: FormData) {
  const id = String(form.get('reportId') ?? '')
  if (!/^[A-Za-z0-9]{1,24}$/.test(id) || !(await deleteReport(t, id))) return data({ error: REPORT_NOT_FOUND }, { status: 404 })
  return redirectWithToast(request, PATH, REPORT_DELETED)
}

const DEFAULT_VALUES: ReportFormValues = { range: 'last30', startDate: '', endDate: '', reportsFields: REPORT_FIELDS.slice(0, 9).map((f) => f.key), finalQuestionnaires: [] }

export default function OrderReportsRoute() {
  const { reports, questionnaires, toast } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as (ActionAnswer & { error?: string }) | undefined
  const pending = reports?.some((r) => r.status === 'queued' || r.status === 'running') ?? false
  usePollWhile(pending)
  return (
    <div className="space-y-6">
      <PageHeader title="Reports (beta)" />
      <Toast message={toast} />
      <ReportForm questionnaires={questionnaires} answer={answer} />
      <ReportList reports={reports} pending={pending} />
    </div>
  )
}

/** Re-reads the loader every few seconds while something is queued or running (JavaScript only). */
function usePollWhile(active: boolean) {
  const revalidator = useRevalidator()
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState === 'visible') revalidator.revalidate()
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [active, revalidator])
}

function ReportForm({ questionnaires, answer }: { questionnaires: ReportQuestionnaire[] | null; answer?: ActionAnswer & { error?: string } }) {
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create'
  const values = answer?.values ?? DEFAULT_VALUES
  const errors = answer?.errors ?? {}
  const chosenFields = new Set(values.reportsFields)
  const chosenForms = new Set(values.finalQuestionnaires)
  return (
    <Card>
      <h2 className="mb-4 text-base font-semibold text-gray-900">New report</h2>
      {/* A new key per answer, so the browser shows the values the server sent back. */}
      <Form
        method="post"
        noValidate
        aria-label="New report"
        className="space-y-6 [&:has(input[name=range][value=custom]:not(:checked))_.custom-range]:hidden"
        key={JSON.stringify(values)}
      >
        <input type="hidden" name="intent" value="create" />
        <FormAlert>{errors.form ?? answer?.error}</FormAlert>
        <fieldset>
          <legend className={labelClass}>Date range</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {RANGE_PRESETS.map((p) => (
              <label key={p.key} className="flex items-center gap-2 text-sm text-gray-700">
                <input type="radio" name="range" value={p.key} defaultChecked={values.range === p.key} className="size-4 border-gray-300 text-brand-600 focus:ring-brand-600" />
                {p.label}
              </label>
            ))}
          </div>
          <div className="custom-range mt-3 grid max-w-md grid-cols-2 gap-4">
            <div>
              <label htmlFor="report-start" className={labelClass}>
                First date
              </label>
              <input
                id="report-start"
                type="date"
                name="startDate"
                defaultValue={values.startDate}
                className={inputClass}
                aria-invalid={errors.startDate ? true : undefined}
                aria-describedby={errors.startDate ? 'report-start-error' : undefined}
              />
              <FieldError id="report-start-error" error={errors.startDate} />
            </div>
            <div>
              <label htmlFor="report-end" className={labelClass}>
                Second date
              </label>
              <input
                id="report-end"
                type="date"
                name="endDate"
                defaultValue={values.endDate}
                className={inputClass}
                aria-invalid={errors.endDate ? true : undefined}
                aria-describedby={errors.endDate ? 'report-end-error' : undefined}
              />
              <FieldError id="report-end-error" error={errors.endDate} />
            </div>
          </div>
        </fieldset>
        <fieldset aria-describedby={errors.reportsFields ? 'report-fields-error' : undefined}>
          <legend className={labelClass}>Report fields</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {REPORT_FIELDS.map((f) => (
              <label key={f.key} className="flex items-center gap-2 text-sm text-gray-700">
                <input
                  type="checkbox"
                  name="reportsFields"
                  value={f.key}
                  defaultChecked={chosenFields.has(f.key)}
                  className="size-4 rounded border-gray-300 text-brand-600 focus:ring-brand-600"
                />
                {f.label}
              </label>
            ))}
          </div>
          <FieldError id="report-fields-error" error={errors.reportsFields} />
        </fieldset>
        <fieldset aria-describedby={errors.finalQuestionnaires ? 'report-forms-error' : undefined}>
          <legend className={labelClass}>Questionnaires</legend>
          <p className="mb-2 text-sm text-gray-500">Each question of a chosen questionnaire becomes a column with the customer's answer for that order.</p>
          {questionnaires === null ? (
            <p role="alert" className="text-sm text-red-600">
              {REPORT_FAILED}
            </p>
          ) : questionnaires.length === 0 ? (
            <p className="text-sm text-gray-500">No published questionnaires.</p>
          ) : (
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {questionnaires.map((q) => (
                <label key={q._id} className="flex items-center gap-2 text-sm text-gray-700">
                  <input
                    type="checkbox"
                    name="finalQuestionnaires"
                    value={q._id}
                    defaultChecked={chosenForms.has(q._id)}
                    className="size-4 rounded border-gray-300 text-brand-600 focus:ring-brand-600"
                  />
                  {q.name} <span className="text-gray-500">({q.published_data.items.length} questions)</span>
                </label>
              ))}
            </div>
          )}
          <FieldError id="report-forms-error" error={errors.finalQuestionnaires} />
        </fieldset>
        <button type="submit" disabled={submitting} className={buttonClass('primary')}>
          {submitting ? 'Requesting…' : 'Create Report'}
        </button>
      </Form>
    </Card>
  )
}

const STATUS_TONE = { queued: 'gray', running: 'blue', ready: 'green', failed: 'red' } as const
const STATUS_LABEL = { queued: 'Queued', running: 'Running', ready: 'Ready', failed: 'Failed' } as const

function ReportList({ reports, pending }: { reports: ReportJson[] | null; pending: boolean }) {
  return (
    <Card>
      <div className="mb-4 flex items-center justify-between">
        <h2 className="text-base font-semibold text-gray-900">Reports</h2>
        {/* Without JavaScript this is how a status change shows; with it the list refreshes itself. */}
        {pending ? (
          <Link to={PATH} className={linkClass} reloadDocument>
            Refresh
          </Link>
        ) : null}
      </div>
      <p className="mb-3 text-sm text-gray-500">Reports and their files are kept for {REPORT_RETENTION_DAYS} days after they were requested.</p>
      {reports === null ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          {REPORT_LIST_FAILED}
        </p>
      ) : (
        <Table label="Reports" frame="scroll" className="min-w-full divide-y divide-gray-200 text-sm">
          <THead plain rowClassName="text-left text-xs font-semibold uppercase tracking-wide text-gray-500">
            <Th className="px-3 py-2">Requested</Th>
            <Th className="px-3 py-2">From</Th>
            <Th className="px-3 py-2">To</Th>
            <Th className="px-3 py-2">Fields</Th>
            <Th className="px-3 py-2">Status</Th>
            <Th className="px-3 py-2">Download</Th>
          </THead>
          <TBody>
            {reports.length === 0 ? (
              <EmptyRow colSpan={6} className="px-3 py-6 text-center text-gray-500" />
            ) : (
              reports.map((r) => (
                <tr key={r._id} data-testid={`report-${r._id}`}>
                  <td className="px-3 py-2 text-gray-700">{r.createdAt.slice(0, 16).replace('T', ' ')} UTC</td>
                  <td className="px-3 py-2 text-gray-700">{r.startDate}</td>
                  <td className="px-3 py-2 text-gray-700">{r.endDate}</td>
                  <td className="px-3 py-2 text-gray-700">
                    {r.downloadedReportsFields.length + (r.finalQuestionnaires.length ? ` + ${r.finalQuestionnaires.length} questionnaire(s)` : '')}
                  </td>
                  <td className="px-3 py-2">
                    <Badge tone={STATUS_TONE[r.status]}>{STATUS_LABEL[r.status]}</Badge>
                    {r.status === 'failed' && r.error ? <span className="ml-2 text-red-700">{r.error}</span> : null}
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex items-center gap-3">
                      {r.downloadUrl ? (
                        <a href={r.downloadUrl} className={linkClass} download>
                          Download CSV
                        </a>
                      ) : (
                        <span className="text-gray-500">—</span>
                      )}
                      <Form method="post">
                        <input type="hidden" name="intent" value="delete" />
                        <input type="hidden" name="reportId" value={r._id} />
                        <button
                          type="submit"
                          className={linkClass}
                          aria-label={`Delete the report of ${r.startDate} to ${r.endDate} requested ${r.createdAt.slice(0, 16).replace('T', ' ')} UTC`}
                        >
                          Delete
                        </button>
                      </Form>
                    </div>
                  </td>
                </tr>
              ))
            )}
          </TBody>
        </Table>
      )}
    </Card>
  )
}

export const meta: MetaFunction = () => [{ title: 'Reports | Draftdesk' }]

/** Refusals (403, 404) read as everywhere else; anything unexpected is the spec's message for this list. */
export const ErrorBoundary = listLoadErrorBoundary('Reports (beta)', REPORT_LIST_FAILED)
