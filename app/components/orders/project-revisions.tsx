// Revisions History: one tab per service of the order's snapshot, its drafts (files, notes, rating,
// review, withdrawal) behind Show/Hide Drafts, and the accepted revision with 'Reopen Revision'.
import { Link } from '@remix-run/react'
import type { DraftJson } from '#app/models/drafts.server'
import type { Project } from '#app/models/projects.server'
import { formatKb } from '#app/rules/file-name'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { cn } from '#app/ui/cn'
import { downloadHref } from './project-cards'
import { formatDateTime } from './project-overview'

export const REVISION_ACCEPTED = 'Revision Accepted'

type Links = {
  tab: (serviceId: string) => string
  toggleDrafts: string
  withdraw: (draftId: string) => string
  reopen: (serviceId: string) => string
}

export function ProjectRevisions({
  project,
  serviceId,
  showDrafts,
  canUpdate,
  links,
}: {
  project: Project
  serviceId: string | null
  showDrafts: boolean
  canUpdate: boolean
  links: Links
}) {
  const services = project.order.package.packageServices
  const current = services.find((s) => s._id === serviceId) ?? services[0]
  return (
    <Card aria-label="Revisions History">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-gray-900">Revisions History</h2>
        <Link to={links.toggleDrafts} preventScrollReset replace className={buttonClass('secondary')}>
          {showDrafts ? 'Hide Drafts' : 'Show Drafts'}
        </Link>
      </div>
      {services.length === 0 || !current ? (
        <p className="text-sm text-gray-500">This product has no services.</p>
      ) : (
        <>
          <div role="tablist" aria-label="Services" className="mb-4 flex flex-wrap gap-1 border-b border-gray-200">
            {services.map((s) => {
              const selected = s._id === current._id
              return (
                <Link
                  key={s._id}
                  to={links.tab(s._id)}
                  role="tab"
                  aria-selected={selected}
                  preventScrollReset
                  replace
                  className={cn(
                    '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
                    selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-gray-500 hover:text-gray-800',
                  )}
                >
                  {s.serviceName}
                </Link>
              )
            })}
          </div>
          <ServicePanel project={project} serviceId={current._id} serviceName={current.serviceName} showDrafts={showDrafts} canUpdate={canUpdate} links={links} />
        </>
      )}
    </Card>
  )
}

function ServicePanel({
  project,
  serviceId,
  serviceName,
  showDrafts,
  canUpdate,
  links,
}: {
  project: Project
  serviceId: string
  serviceName: string
  showDrafts: boolean
  canUpdate: boolean
  links: Links
}) {
  const drafts = project.draftResumes.filter((d) => d.serviceId === serviceId)
  const accepted = project.order.completed_tasks.some((t) => t.serviceId === serviceId && t.taskId === 'revision_process')
  return (
    <div role="tabpanel" aria-label={serviceName} className="space-y-4">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="text-gray-600">{drafts.length === 1 ? '1 draft' : `${drafts.length} drafts`}</span>
        {accepted ? (
          <>
            <span className="rounded-md bg-green-50 px-2 py-0.5 text-xs font-medium text-green-700 ring-1 ring-inset ring-green-600/20">{REVISION_ACCEPTED}</span>
            {canUpdate && !project.order.markedAsComplete ? (
              <Link to={links.reopen(serviceId)} preventScrollReset className={buttonClass('secondary', 'py-1 text-xs')}>
                Reopen Revision
              </Link>
            ) : null}
          </>
        ) : null}
      </div>
      {showDrafts ? (
        drafts.length === 0 ? (
          <p className="text-sm text-gray-500">No drafts yet.</p>
        ) : (
          <ol className="space-y-3">
            {drafts.map((d, i) => (
              <DraftItem key={d._id} draft={d} number={i + 1} withdrawHref={canUpdate && !d.deletedAt ? links.withdraw(d._id) : null} />
            ))}
          </ol>
        )
      ) : null}
    </div>
  )
}

function DraftFiles({ draft }: { draft: DraftJson }) {
  const files = [draft.data.dataPdf, draft.data.dataWord, draft.data.dataOther, ...draft.data.additionalFiles].filter((f): f is NonNullable<typeof f> => !!f?.file?.key)
  if (files.length === 0) return <p className="text-sm text-gray-500">No files</p>
  return (
    <ul className="space-y-1">
      {files.map((f) => (
        <li key={f.file.key} className="text-sm">
          <a href={downloadHref(f.file.key)} download className="font-medium text-brand-600 hover:underline">
            {f.file.originalname}
          </a>{' '}
          <span className="text-xs text-gray-500">({formatKb(f.file.size)})</span>
        </li>
      ))}
    </ul>
  )
}

export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className="text-amber-500">
      {Array.from({ length: 5 }, (_, i) => (i < rating ? '★' : '☆')).join('')}
    </span>
  )
}

function DraftItem({ draft, number, withdrawHref }: { draft: DraftJson; number: number; withdrawHref: string | null }) {
  const withdrawn = !!draft.deletedAt
  return (
    <li aria-label={`Draft ${number}`} className="rounded-md border border-gray-200 p-4" data-withdrawn={withdrawn || undefined}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className={cn('space-y-2', withdrawn && 'line-through decoration-gray-500 opacity-70')}>
          <p className="text-sm font-semibold text-gray-900">
            Draft {number}
            <span className="ml-2 font-normal text-gray-500">
              {formatDateTime(draft.createdAt)}
              {draft.writer ? ` · ${draft.writer}` : ''}
            </span>
          </p>
          {draft.adminApproval.pending ? <p className="text-xs font-medium text-amber-700">Pending approval</p> : null}
          {!draft.adminApproval.pending && !draft.adminApproval.approved ? (
            <p className="text-xs font-medium text-red-700">Rejected{draft.adminApproval.rejectionReason ? `: ${draft.adminApproval.rejectionReason}` : ''}</p>
          ) : null}
          <DraftFiles draft={draft} />
          {draft.data.notes ? (
            <p className="whitespace-pre-line text-sm text-gray-700">
              <span className="font-medium">Notes: </span>
              {draft.data.notes}
            </p>
          ) : null}
          {draft.rating ? (
            <p className="text-sm text-gray-700">
              <span className="font-medium">Rating: </span>
              <Stars rating={draft.rating} />
            </p>
          ) : null}
          {draft.review ? (
            <p className="text-sm text-gray-700">
              <span className="font-medium">Review: </span>
              {draft.review}
            </p>
          ) : null}
        </div>
        {withdrawHref ? (
          <Link to={withdrawHref} preventScrollReset className={buttonClass('secondary', 'py-1 text-xs text-red-700')} aria-label={`Withdraw Draft ${number}`}>
            Withdraw
          </Link>
        ) : null}
      </div>
      {withdrawn ? (
        <p className="mt-2 text-xs text-gray-600">
          Withdrawn{draft.deletedByName ? ` by ${draft.deletedByName}` : ''}
          {draft.deletedReason ? `: ${draft.deletedReason}` : ''}
        </p>
      ) : null}
    </li>
  )
}
