// Drafts and final documents on the customer's order page (issue 25, ADR 0062): the "Drafts" and "Final
// documents" sections. The draft page itself (forms, card entry) lives in order-draft-page.tsx, so the order
// page loads no payment code.
import { Link } from '@remix-run/react'
import type { CustomerDraft, FinalDocument } from '#app/models/customer-drafts.server'
import { formatKb } from '#app/rules/file-name'
import { formatDate } from '#app/rules/format'
import { Card } from '#app/ui/card'

export const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline'
export const inputClass = 'block w-full rounded-md border-0 px-3 py-2 text-sm text-gray-900 shadow-sm ring-1 ring-inset ring-gray-300 focus:ring-2 focus:ring-brand-600'

export const draftTitle = (d: Pick<CustomerDraft, 'number' | 'serviceName'>) => `Draft ${d.number}${d.serviceName ? ` of ${d.serviceName}` : ''}`

export function answerText(d: CustomerDraft): string {
  if (!d.answer) return d.canAnswer ? 'Waiting for your answer' : 'A newer draft replaced it'
  if (d.answer.kind === 'accepted') return d.answer.automatic ? 'Accepted automatically' : 'You accepted it'
  return 'You asked for a revision'
}

/** The order page's Drafts section: every draft the customer may see, newest first, each linking to its page. */
export function OrderDrafts({ orderId, drafts }: { orderId: string; drafts: CustomerDraft[] }) {
  return (
    <Card aria-labelledby="drafts-heading">
      <h2 id="drafts-heading" className="text-lg font-semibold text-gray-900">
        Drafts
      </h2>
      {drafts.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">Your drafts will appear here as soon as your writer delivers them.</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-100">
          {[...drafts].reverse().map((d) => (
            <li key={d._id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
              <Link to={`/my-orders/${orderId}/drafts/${d._id}`} className={linkClass}>
                {draftTitle(d)}
              </Link>
              <span className="text-gray-700">
                {formatDate(d.createdAt)} · {answerText(d)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

/** The order page's Final documents section (id final-documents: the notification links here). */
export function FinalDocuments({ orderId, documents }: { orderId: string; documents: FinalDocument[] }) {
  if (documents.length === 0) return null
  return (
    <Card aria-labelledby="final-documents-heading" id="final-documents">
      <h2 id="final-documents-heading" className="text-lg font-semibold text-gray-900">
        Final documents
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {documents.map((f) => (
          <li key={f._id}>
            <Link to={`/my-orders/${orderId}/final/${f._id}`} reloadDocument className={linkClass}>
              {f.name}
            </Link>{' '}
            <span className="text-gray-600">
              ({f.serviceName ? `${f.serviceName}, ` : ''}
              {formatKb(f.size)}, download)
            </span>
          </li>
        ))}
      </ul>
    </Card>
  )
}

/** What the order page shows of drafts: the Drafts section and, once there are any, the final documents. */
export function OrderDraftSections({ order }: { order: { _id: string; drafts: CustomerDraft[]; finalDocuments: FinalDocument[] } }) {
  return (
    <>
      <OrderDrafts orderId={order._id} drafts={order.drafts} />
      <FinalDocuments orderId={order._id} documents={order.finalDocuments} />
    </>
  )
}
