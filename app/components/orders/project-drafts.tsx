// The project page's draft work (issue 25, ADR 0062): deliver a draft of one workflow (PDF, Word, another file,
// additional files, notes), upload the final documents, and the customer's answers with their files. Plain
// multipart forms: everything works without JavaScript.
import { Form, useNavigation } from '@remix-run/react'
import type { CustomerAnswerView, DraftWorkAnswer } from '#app/routes/project-drafts.server'
import { formatKb } from '#app/rules/file-name'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { downloadHref } from './project-cards'
import { formatDateTime } from './project-overview'

type Service = { _id: string; serviceName: string }

const fileInput =
  'mt-1 block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-700'
const labelClass = 'block text-sm font-medium text-gray-700'
const selectClass = 'mt-1 block w-full rounded-md border-0 py-2 pr-8 pl-3 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset'

export function ProjectDraftWork({
  action,
  services,
  finalServices,
  answers,
  canUpdate,
  answer,
}: {
  action: string
  services: Service[]
  finalServices: Service[]
  answers: CustomerAnswerView[]
  canUpdate: boolean
  answer: DraftWorkAnswer | null
}) {
  const navigation = useNavigation()
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  const nameOf = (serviceId: string) => services.find((s) => s._id === serviceId)?.serviceName ?? 'a workflow'
  return (
    <>
      <Card aria-labelledby="customer-answers-heading">
        <h2 id="customer-answers-heading" className="mb-3 text-base font-semibold text-gray-900">
          Customer answers to drafts
        </h2>
        {answers.length === 0 ? (
          <p className="text-sm text-gray-500">The customer has not answered a draft yet.</p>
        ) : (
          <ul className="space-y-3">
            {answers.map((a) => (
              <li key={a.draftId} className="text-sm">
                <p className="font-medium text-gray-900">
                  {a.kind === 'accepted' ? (a.automatic ? 'Accepted automatically' : 'Accepted') : 'Revision requested'}: {nameOf(a.serviceId)}
                  <span className="ml-2 text-xs font-normal text-gray-500">{formatDateTime(a.createdAt)}</span>
                </p>
                {a.notes ? <p className="mt-1 whitespace-pre-line text-gray-700">{a.notes}</p> : null}
                {a.files.length ? (
                  <ul className="mt-1 space-y-1">
                    {a.files.map((f) => (
                      <li key={f.file.key}>
                        <a href={downloadHref(f.file.key)} download className="font-medium text-brand-600 hover:underline">
                          {f.file.originalname}
                        </a>{' '}
                        <span className="text-xs text-gray-500">({formatKb(f.file.size)})</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>

      {canUpdate ? (
        <Card aria-labelledby="deliver-draft-heading">
          <h2 id="deliver-draft-heading" className="mb-3 text-base font-semibold text-gray-900">
            Deliver a draft
          </h2>
          {answer?.intent === 'deliver-draft' ? (
            <p role="alert" className="mb-2 text-sm text-red-600">
              {answer.error}
            </p>
          ) : null}
          <Form method="post" action={action} encType="multipart/form-data" preventScrollReset className="space-y-3">
            <input type="hidden" name="intent" value="deliver-draft" />
            <label className={labelClass}>
              Workflow
              <select name="serviceId" required className={selectClass}>
                {services.map((s) => (
                  <option key={s._id} value={s._id}>
                    {s.serviceName}
                  </option>
                ))}
              </select>
            </label>
            <label className={labelClass}>
              PDF
              <input type="file" name="pdf" accept="application/pdf,.pdf" className={fileInput} />
            </label>
            <label className={labelClass}>
              Word document
              <input type="file" name="word" accept=".docx,.doc" className={fileInput} />
            </label>
            <label className={labelClass}>
              Other file
              <input type="file" name="other" className={fileInput} />
            </label>
            <label className={labelClass}>
              Additional files
              <input type="file" name="additional" multiple className={fileInput} />
            </label>
            <label className={labelClass}>
              Notes for the customer
              <textarea name="notes" rows={3} maxLength={5000} className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-gray-300 ring-inset" />
            </label>
            <button type="submit" disabled={busy('deliver-draft')} className={buttonClass('primary')}>
              {busy('deliver-draft') ? 'Uploading...' : 'Deliver draft'}
            </button>
          </Form>
        </Card>
      ) : null}

      {canUpdate && finalServices.length ? (
        <Card aria-labelledby="final-documents-heading">
          <h2 id="final-documents-heading" className="mb-3 text-base font-semibold text-gray-900">
            Final documents
          </h2>
          {answer?.intent === 'final-documents' ? (
            <p role="alert" className="mb-2 text-sm text-red-600">
              {answer.error}
            </p>
          ) : null}
          <Form method="post" action={action} encType="multipart/form-data" preventScrollReset className="space-y-3">
            <input type="hidden" name="intent" value="final-documents" />
            <label className={labelClass}>
              Workflow
              <select name="serviceId" required className={selectClass}>
                {finalServices.map((s) => (
                  <option key={s._id} value={s._id}>
                    {s.serviceName}
                  </option>
                ))}
              </select>
            </label>
            <label className={labelClass}>
              Files
              <input type="file" name="files" multiple required className={fileInput} />
            </label>
            <button type="submit" disabled={busy('final-documents')} className={buttonClass('primary')}>
              {busy('final-documents') ? 'Uploading...' : 'Upload final documents'}
            </button>
          </Form>
        </Card>
      ) : null}
    </>
  )
}
