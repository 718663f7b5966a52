// /my-orders/{orderId}/drafts/{draftId} on an organisation's host (issue 25, ADR 0062): one draft the customer may
// see (approved or needing no approval, not withdrawn, on their own order): the PDF in a frame, the Word file as a
// sanitized HTML preview, downloads, the writer's notes, and the answers (accept, revision, rating, tip).
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { DraftPage, type DraftPageAnswer } from '#app/components/portal/order-draft-page'
import { myDraft } from '#app/models/customer-drafts.server'
import { requireCustomer, requirePortalHost } from '#app/models/portal-auth.server'
import { storefrontPayments } from '#app/models/storefront-payments.server'
import { wordPreview } from '#app/models/word-preview.server'
import { newPublicId } from '#app/services/crypto.server'
import { isUploadError, readMultipart } from '#app/services/storage.server'
import { cardEntryMode } from './client-billing-request.server'
import { accept, rating, revision, tip } from './portal-drafts.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const found = await myDraft(t, customer.id, params.orderId ?? '', params.draftId ?? '')
  // Another customer's draft, one not yet approved, a withdrawn one or no draft at all: the same 404.
  if (!found) throw data('Draft not found', { status: 404 })
  const [preview, payments] = await Promise.all([
    found.wordFile ? wordPreview(found.wordFile.file) : Promise.resolve(null),
    found.switches.tip ? storefrontPayments(t) : Promise.resolve(null),
  ])
  const card = cardEntryMode()
  const tipping = found.switches.tip
    ? {
        card: payments?.takingOrders ? (card.kind === 'elements' ? { ...card, stripeAccount: payments.accountId } : card) : ({ kind: 'unavailable' } as const),
        key: newPublicId(),
        impersonating: !!customer.impersonatorUserId,
        currency: found.order.currency,
      }
    : null
  return { orderId: found.order.public_id, productName: found.order.package_name, draft: found.draft, switches: found.switches, wordPreview: preview, tip: tipping }
}

const fieldOf = (r: object) => ('field' in r && typeof r.field === 'string' ? r.field : undefined)

export async function action({ request, params }: ActionFunctionArgs) {
  const t = requirePortalHost(request)
  const customer = await requireCustomer(request)
  const orderId = params.orderId ?? ''
  const draftId = params.draftId ?? ''
  const form = await readMultipart(request)
  if (isUploadError(form)) return data<DraftPageAnswer>({ intent: 'form', error: form.error }, { status: 400 })
  const intent = String(form.get('intent') ?? '')
  const values = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, typeof form.get(k) === 'string' ? String(form.get(k)) : '']))
  const back = (done: string) => redirect(`/my-orders/${orderId}/drafts/${draftId}?done=${done}`)
  const refuse = (status: number, error: string, field: string | undefined, kept: Record<string, string>) => {
    if (status === 404) throw data('Draft not found', { status: 404 })
    return data<DraftPageAnswer>({ intent, error, field, values: kept }, { status })
  }
  // The draft must be this order's (a draft id under another order's URL is a 404 too).
  if (!(await myDraft(t, customer.id, orderId, draftId))) throw data('Draft not found', { status: 404 })
  switch (intent) {
    case 'accept': {
      const r = await accept(t, customer, draftId)
      return r.ok ? back('accepted') : refuse(r.status, r.error, undefined, {})
    }
    case 'revision': {
      const r = await revision(t, customer, draftId, { notes: form.get('notes') }, form.getAll('files'))
      return r.ok ? back('revision') : refuse(r.status, r.error, fieldOf(r), values(['notes']))
    }
    case 'rating': {
      const r = await rating(t, customer, draftId, { rating: form.get('rating'), review: form.get('review') })
      return r.ok ? back('rating') : refuse(r.status, r.error, fieldOf(r), values(['rating', 'review']))
    }
    case 'tip': {
      const r = await tip(t, customer, orderId, { amount: form.get('amount'), paymentMethod: form.get('paymentMethod'), idempotencyKey: form.get('idempotencyKey') })
      return r.ok ? back('tip') : refuse(r.status, r.error, fieldOf(r), values(['amount']))
    }
    default:
      return data<DraftPageAnswer>({ intent, error: 'Unknown action' }, { status: 400 })
  }
}

export default function MyDraftRoute() {
  const loaded = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as DraftPageAnswer
  const [params] = useSearchParams()
  return (
    <DraftPage
      orderId={loaded.orderId}
      productName={loaded.productName}
      draft={loaded.draft}
      switches={loaded.switches}
      wordPreview={loaded.wordPreview}
      tip={loaded.tip}
      answer={answer}
      done={answer ? null : params.get('done')}
    />
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.draft ? `Draft ${data.draft.number} · ${data.productName}` : 'Draft not found' }]
