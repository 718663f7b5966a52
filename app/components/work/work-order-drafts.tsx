// The contributor's order page (ADR 0067), its drafts: per service the drafts with their files, the reviewer's
// feedback and the customer's answer (a revision request with its reason and files); the writer's forms to
// deliver or replace a draft, withdraw an unseen one and upload final documents; the reviewer's approve and
// reject. Plain multipart forms: everything works without JavaScript.
import { Form, useNavigation } from '@remix-run/react'
import type { WorkDraft, WorkOrderView } from '#app/models/work-order.server'
import type { DraftFile } from '#db/tables/orders'
import { formatKb } from '#app/rules/file-name'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { formatDateTime } from '#app/components/orders/project-overview'
import { fieldClass, FormError, labelClass, Pill, type WorkAnswer, workFileHref } from './work-order-overview'

const fileInput =
  'mt-1 block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-700'

function draftStatus(d: WorkDraft): { text: string; tone: 'green' | 'gray' | 'blue' | 'amber' | 'red' } {
  if (d.deletedAt) return { text: 'Withdrawn', tone: 'gray' }
  if (d.adminApproval.pending) return { text: 'Waiting for the reviewer', tone: 'amber' }
  if (d.adminApproval.rejectionReason !== null || (!d.adminApproval.approved && !d.adminApproval.pending)) return { text: 'Rejected by the reviewer', tone: 'red' }
  if (d.customerAnswer?.kind === 'revision') return { text: 'Revision requested', tone: 'red' }
  if (d.customerAnswer?.kind === 'accepted') return { text: d.customerAnswer.automatic ? 'Accepted automatically' : 'Accepted', tone: 'green' }
  return { text: 'With the customer', tone: 'blue' }
}

function FileLinks({ orderId, files }: { orderId: string; files: DraftFile[] }) {
  if (!files.length) return null
  return (
    <ul className="mt-1 space-y-1">
      {files.map((f) => (
        <li key={f.file.key}>
          <a href={workFileHref(orderId, f.file.key)} download className="font-medium break-all text-brand-700 underline">
            {f.file.originalname}
          </a>{' '}
          <span className="text-xs text-gray-600">({formatKb(f.file.size)})</span>
        </li>
      ))}
    </ul>
  )
}

const filesOfDraft = (d: WorkDraft) => [d.data.dataPdf, d.data.dataWord, d.data.dataOther, ...d.data.additionalFiles].filter((f): f is DraftFile => !!f)

export function WorkOrderDrafts({ view, action, answer }: { view: WorkOrderView; action: string; answer: WorkAnswer | null }) {
  const navigation = useNavigation()
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  const writer = view.role === 'writer'
  return (
    <Card aria-labelledby="work-drafts-heading">
      <h2 id="work-drafts-heading" className="mb-1 text-base font-semibold text-gray-900">
        Drafts
      </h2>
      <p className="mb-4 text-sm text-gray-600">
        {view.switches.approval ? 'A new draft goes to the reviewer first, then to the customer.' : 'A new draft goes straight to the customer.'}
      </p>
      <div className="space-y-6">
        {view.services.map((s) => {
          const drafts = view.drafts.filter((d) => d.serviceId === s._id)
          const replaceable = drafts.filter((d) => d.canWithdraw)
          const mine = (intent: string) => (answer?.intent === intent && (answer.fields?.serviceId ?? s._id) === s._id ? answer : null)
          const deliverAnswer = mine('deliver-draft')
          return (
            <section key={s._id} aria-labelledby={`service-${s._id}`} className="space-y-3">
              <h3 id={`service-${s._id}`} className="text-sm font-semibold text-gray-900">
                {s.serviceName}
              </h3>
              {drafts.length === 0 ? <p className="text-sm text-gray-600">No drafts yet.</p> : null}
              <ol className="space-y-3">
                {drafts.map((d, i) => {
                  const status = draftStatus(d)
                  const decided =
                    answer && (answer.intent === 'approve' || answer.intent === 'reject' || answer.intent === 'withdraw-draft') && answer.fields?.draftId === d._id ? answer : null
                  return (
                    <li key={d._id} className="rounded-md p-3 text-sm ring-1 ring-gray-200" data-testid="work-draft">
                      <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                        <span className={d.deletedAt ? 'line-through' : undefined}>Draft {i + 1}</span>
                        <Pill tone={status.tone}>{status.text}</Pill>
                        <span className="text-xs font-normal text-gray-600">{formatDateTime(d.createdAt)}</span>
                      </p>
                      <FileLinks orderId={view._id} files={filesOfDraft(d)} />
                      {d.data.notes ? <p className="mt-1 whitespace-pre-line text-gray-700">Notes: {d.data.notes}</p> : null}
                      {d.deletedAt && d.deletedReason ? <p className="mt-1 text-gray-700">Withdrawn: {d.deletedReason}</p> : null}
                      {d.adminApproval.rejectionReason ? (
                        <div className="mt-2 rounded-md bg-red-50 p-2">
                          <p className="font-medium text-red-900">Reviewer feedback</p>
                          <p className="whitespace-pre-line text-red-900">{d.adminApproval.rejectionReason}</p>
                          <FileLinks orderId={view._id} files={d.adminApproval.rejectionFile} />
                        </div>
                      ) : null}
                      {d.customerAnswer?.kind === 'revision' ? (
                        <div className="mt-2 rounded-md bg-amber-50 p-2">
                          <p className="font-medium text-amber-950">Revision requested {formatDateTime(d.customerAnswer.createdAt)}</p>
                          {d.customerAnswer.notes ? <p className="whitespace-pre-line text-amber-950">{d.customerAnswer.notes}</p> : null}
                          <FileLinks orderId={view._id} files={d.customerAnswer.files} />
                        </div>
                      ) : null}
                      {decided ? <FormError answer={decided} intent={decided.intent} /> : null}
                      {view.role === 'reviewer' && d.adminApproval.pending && !d.deletedAt ? (
                        <div className="mt-2 space-y-2">
                          <Form method="post" action={action}>
                            <input type="hidden" name="intent" value="approve" />
                            <input type="hidden" name="draftId" value={d._id} />
                            <button type="submit" className={buttonClass('primary')}>
                              Approve draft {i + 1} of {s.serviceName}
                            </button>
                          </Form>
                          <Form method="post" action={action} encType="multipart/form-data" className="space-y-2">
                            <input type="hidden" name="intent" value="reject" />
                            <input type="hidden" name="draftId" value={d._id} />
                            <label className={labelClass}>
                              Reason for rejection
                              <textarea name="rejectionReason" rows={2} required maxLength={2000} defaultValue={decided?.fields?.rejectionReason ?? ''} className={fieldClass} />
                            </label>
                            <label className={labelClass}>
                              Files for the writer (optional, at most 5)
                              <input type="file" name="files" multiple className={fileInput} />
                            </label>
                            <button type="submit" className={buttonClass('secondary')}>
                              Reject draft {i + 1} of {s.serviceName}
                            </button>
                          </Form>
                        </div>
                      ) : null}
                      {writer && d.canWithdraw ? (
                        <Form method="post" action={action} className="mt-2 flex flex-wrap items-end gap-2">
                          <input type="hidden" name="intent" value="withdraw-draft" />
                          <input type="hidden" name="draftId" value={d._id} />
                          <label className={`${labelClass} min-w-0 grow`}>
                            Why withdraw draft {i + 1}?
                            <input name="reason" required maxLength={1000} defaultValue={decided?.fields?.reason ?? ''} className={fieldClass} />
                          </label>
                          <button type="submit" className={buttonClass('secondary')}>
                            Withdraw
                          </button>
                        </Form>
                      ) : null}
                    </li>
                  )
                })}
              </ol>
              {writer && !view.markedAsComplete ? (
                <Form method="post" action={action} encType="multipart/form-data" className="space-y-3 rounded-md bg-gray-50 p-3">
                  <input type="hidden" name="intent" value="deliver-draft" />
                  <input type="hidden" name="serviceId" value={s._id} />
                  <p className="text-sm font-medium text-gray-900">Upload a draft of {s.serviceName}</p>
                  <FormError answer={deliverAnswer} intent="deliver-draft" />
                  <label className={labelClass}>
                    PDF
                    <input type="file" name="dataPdf" accept="application/pdf,.pdf" className={fileInput} />
                  </label>
                  <label className={labelClass}>
                    Word document
                    <input type="file" name="dataWord" accept=".docx,.doc" className={fileInput} />
                  </label>
                  <label className={labelClass}>
                    Other file
                    <input type="file" name="dataOther" className={fileInput} />
                  </label>
                  <label className={labelClass}>
                    Additional files
                    <input type="file" name="additionalFiles" multiple className={fileInput} />
                  </label>
                  {view.switches.notes ? (
                    <label className={labelClass}>
                      Notes for the customer
                      <textarea name="notes" rows={3} maxLength={5000} defaultValue={deliverAnswer?.fields?.notes ?? ''} className={fieldClass} />
                    </label>
                  ) : null}
                  {replaceable.length ? (
                    <label className={labelClass}>
                      Replaces
                      <select name="replaces" defaultValue="" className={fieldClass}>
                        <option value="">Nothing: a new draft</option>
                        {replaceable.map((d) => (
                          <option key={d._id} value={d._id}>
                            Draft {drafts.indexOf(d) + 1} (not seen yet)
                          </option>
                        ))}
                      </select>
                    </label>
                  ) : null}
                  <button type="submit" disabled={busy('deliver-draft')} className={buttonClass('primary')}>
                    {busy('deliver-draft') ? 'Uploading...' : `Upload draft of ${s.serviceName}`}
                  </button>
                </Form>
              ) : null}
              {writer && s.finalStep ? (
                <Form method="post" action={action} encType="multipart/form-data" className="space-y-3 rounded-md bg-gray-50 p-3">
                  <input type="hidden" name="intent" value="final-documents" />
                  <input type="hidden" name="serviceId" value={s._id} />
                  <FormError answer={mine('final-documents')} intent="final-documents" />
                  <label className={labelClass}>
                    Final documents of {s.serviceName}
                    <input type="file" name="files" multiple required className={fileInput} />
                  </label>
                  <button type="submit" disabled={busy('final-documents')} className={buttonClass('secondary')}>
                    Upload final documents
                  </button>
                </Form>
              ) : null}
            </section>
          )
        })}
      </div>
    </Card>
  )
}
