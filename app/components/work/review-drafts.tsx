// The drafts waiting for this reviewer's review (pending approval on the orders they review), each linking to the order.
import { Link } from '@remix-run/react'
import type { ReviewDraft } from '#app/models/work-list.server'
import { workOrderPath } from '#app/rules/contributor'
import { formatDate } from '#app/rules/format'

export function ReviewDrafts({ drafts }: { drafts: ReviewDraft[] }) {
  return (
    <section aria-labelledby="review-drafts-heading" className="space-y-3">
      <h2 id="review-drafts-heading" className="text-lg font-semibold text-gray-900">
        Drafts waiting for your review
      </h2>
      {drafts.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-4 text-sm text-gray-600">
          No drafts wait for your review. When a writer of one of your orders uploads a draft, it shows here.
        </p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
          {drafts.map((draft) => (
            <li key={draft._id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm" data-testid="review-draft">
              <Link to={workOrderPath(draft.orderId)} className="font-medium text-brand-700 hover:underline">
                Review the {draft.serviceName || 'draft'} draft of {draft.productName}
              </Link>
              <span className="text-gray-600">
                Uploaded <time dateTime={draft.createdAt}>{formatDate(draft.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
