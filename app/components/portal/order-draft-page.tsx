// The customer's draft page (issue 25, ADR 0062): view in the browser (PDF frame, Word preview), download, the
// writer's notes, and the answer forms (accept, revision with files, rating, tip). Plain forms that post without
// JavaScript; Stripe Elements for the tip when it runs.
import { Form, Link, useNavigation } from '@remix-run/react'
import { CardEntry, type CardEntryHandle, type CardEntryMode, useCardSubmit } from '#app/components/checkout/card-entry'
import type { CustomerDraft, DraftSwitches } from '#app/models/customer-drafts.server'
import { formatKb } from '#app/rules/file-name'
import { formatDate } from '#app/rules/format'
import { Alert } from '#app/ui/alert'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { useHydrated } from '#app/ui/use-hydrated'
import { answerText, draftTitle, inputClass, linkClass } from './order-drafts'

export type DraftPageAnswer = { intent: string; error: string; field?: string; values?: Record<string, string> } | undefined

export type DraftPageProps = {
  orderId: string
  productName: string
  draft: CustomerDraft
  switches: DraftSwitches
  wordPreview: { html: string | null; reason?: string } | null
  tip: { card: CardEntryMode; key: string; impersonating: boolean; currency: string } | null
  answer: DraftPageAnswer
  done: string | null
}

const DONE_TEXT: Record<string, string> = {
  accepted: 'Thank you: you accepted this draft.',
  revision: 'Your revision request was sent to your writer.',
  rating: 'Thank you for your rating.',
  tip: 'Thank you: your tip was paid.',
}

export function DraftPage({ orderId, productName, draft, switches, wordPreview, tip, answer, done }: DraftPageProps) {
  const pdf = draft.files.find((f) => f.slot === 'pdf')
  const errorFor = (intent: string) => (answer?.intent === intent ? answer.error : null)
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <p>
        <Link to={`/my-orders/${orderId}`} className="text-sm font-medium text-brand-700 hover:underline">
          ← {productName}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold text-gray-900">{draftTitle(draft)}</h1>
      {done && DONE_TEXT[done] ? (
        <Alert tone="success" role="status">
          {DONE_TEXT[done]}
        </Alert>
      ) : null}

      <Card aria-labelledby="files-heading">
        <h2 id="files-heading" className="text-lg font-semibold text-gray-900">
          Files
        </h2>
        <ul className="mt-2 space-y-1 text-sm">
          {draft.files.map((f) => (
            <li key={`${f.slot}-${f.index}`}>
              <a href={f.href} className={linkClass}>
                Download {f.name}
              </a>{' '}
              <span className="text-gray-600">({formatKb(f.size)})</span>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-gray-600">Delivered {formatDate(draft.createdAt)}</p>
      </Card>

      {draft.notes ? (
        <Card aria-labelledby="notes-heading">
          <h2 id="notes-heading" className="text-lg font-semibold text-gray-900">
            Notes from your writer
          </h2>
          <p className="mt-2 text-sm whitespace-pre-line text-gray-800">{draft.notes}</p>
        </Card>
      ) : null}

      {pdf ? (
        <Card aria-labelledby="pdf-heading">
          <h2 id="pdf-heading" className="text-lg font-semibold text-gray-900">
            PDF
          </h2>
          <iframe title={`PDF of ${draftTitle(draft)}`} src={pdf.previewHref ?? undefined} className="mt-3 h-[32rem] w-full rounded border border-gray-200" />
          <p className="mt-2 text-sm text-gray-600">
            No preview?{' '}
            <a href={pdf.href} className={linkClass}>
              Download the PDF
            </a>
            .
          </p>
        </Card>
      ) : null}

      {wordPreview ? (
        <Card aria-labelledby="preview-heading" id="preview">
          <h2 id="preview-heading" className="text-lg font-semibold text-gray-900">
            Word document
          </h2>
          {wordPreview.html !== null ? (
            // Sanitized on the server (mammoth's HTML through the contract allow-list): no script, no styles, no frames.
            <article className="word-preview mt-3 max-w-none space-y-3 text-sm text-gray-900" dangerouslySetInnerHTML={{ __html: wordPreview.html }} />
          ) : (
            <p className="mt-2 text-sm text-gray-700">{wordPreview.reason}</p>
          )}
        </Card>
      ) : null}

      {draft.answer ? <YourAnswer draft={draft} /> : null}
      {draft.canAnswer ? <AnswerForms error={errorFor('accept') ?? errorFor('revision')} answer={answer} clickToUpload={switches.clickToUpload} /> : null}
      {switches.rating ? <RatingCard draft={draft} error={errorFor('rating')} answer={answer} /> : null}
      {tip ? <TipCard tip={tip} error={errorFor('tip')} answer={answer} /> : null}
    </div>
  )
}

function YourAnswer({ draft }: { draft: CustomerDraft }) {
  const a = draft.answer!
  return (
    <Card aria-labelledby="answer-heading">
      <h2 id="answer-heading" className="text-lg font-semibold text-gray-900">
        Your answer
      </h2>
      <p className="mt-2 text-sm text-gray-800">
        {answerText(draft)} on {formatDate(a.createdAt)}.
      </p>
      {a.notes ? <p className="mt-2 text-sm whitespace-pre-line text-gray-800">{a.notes}</p> : null}
      {a.files.length ? <p className="mt-2 text-sm text-gray-600">Files sent: {a.files.map((f) => f.name).join(', ')}</p> : null}
    </Card>
  )
}

function AnswerForms({ error, answer, clickToUpload }: { error: string | null; answer: DraftPageAnswer; clickToUpload: boolean }) {
  const busy = useNavigation().state === 'submitting'
  return (
    <Card aria-labelledby="decide-heading">
      <h2 id="decide-heading" className="text-lg font-semibold text-gray-900">
        What do you think?
      </h2>
      {error ? (
        <Alert tone="danger" className="mt-2">
          {error}
        </Alert>
      ) : null}
      <div className="mt-3 grid gap-6 md:grid-cols-2">
        <Form method="post">
          <input type="hidden" name="intent" value="accept" />
          <p className="text-sm text-gray-700">Happy with this draft? Accept it and your writer prepares the final documents.</p>
          <Button type="submit" className="mt-3" disabled={busy}>
            Accept this draft
          </Button>
        </Form>
        <Form method="post" encType="multipart/form-data" className="space-y-3">
          <input type="hidden" name="intent" value="revision" />
          <div>
            <label htmlFor="revision-notes" className="mb-1 block text-sm font-medium text-gray-700">
              What should change?
            </label>
            <textarea
              id="revision-notes"
              name="notes"
              rows={4}
              maxLength={5000}
              className={inputClass}
              defaultValue={answer?.intent === 'revision' ? (answer.values?.notes ?? '') : ''}
              aria-invalid={answer?.intent === 'revision' && answer.field === 'notes' ? true : undefined}
            />
          </div>
          {clickToUpload ? (
            <div>
              <label htmlFor="revision-files" className="mb-1 block text-sm font-medium text-gray-700">
                Files (optional, up to 5)
              </label>
              <input id="revision-files" name="files" type="file" multiple className="block w-full text-sm text-gray-700" />
            </div>
          ) : (
            // hide_click_to_upload (ADR 0061's rule): no "click to upload" control; the drop zone is itself the labelled
            // file input, so it still opens the chooser from the keyboard and needs no dragging.
            <div className="relative rounded-lg border-2 border-dashed border-gray-400 p-4 text-center focus-within:border-brand-700 focus-within:ring-2 focus-within:ring-brand-700">
              <label htmlFor="revision-files" className="text-sm font-medium text-gray-900">
                Drop files here (optional, up to 5)
              </label>
              <input id="revision-files" name="files" type="file" multiple className="absolute inset-0 size-full cursor-pointer opacity-0" />
            </div>
          )}
          <Button type="submit" variant="secondary" disabled={busy}>
            Request a revision
          </Button>
        </Form>
      </div>
    </Card>
  )
}

function RatingCard({ draft, error, answer }: { draft: CustomerDraft; error: string | null; answer: DraftPageAnswer }) {
  if (draft.rating !== null) {
    return (
      <Card aria-labelledby="rating-heading">
        <h2 id="rating-heading" className="text-lg font-semibold text-gray-900">
          Your rating
        </h2>
        <p className="mt-2 text-sm text-gray-800">
          {draft.rating} out of 5{draft.review ? `: ${draft.review}` : ''}
        </p>
      </Card>
    )
  }
  const kept = answer?.intent === 'rating' ? answer.values : undefined
  return (
    <Card aria-labelledby="rating-heading">
      <h2 id="rating-heading" className="text-lg font-semibold text-gray-900">
        Rate this delivery
      </h2>
      {error ? (
        <Alert tone="danger" className="mt-2">
          {error}
        </Alert>
      ) : null}
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="rating" />
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-gray-700">Rating</legend>
          <div className="flex flex-wrap gap-4">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="flex items-center gap-1 text-sm text-gray-800">
                <input type="radio" name="rating" value={n} defaultChecked={kept?.rating === String(n)} required /> {n}
                <span className="sr-only"> out of 5</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="review" className="mb-1 block text-sm font-medium text-gray-700">
            Review (optional)
          </label>
          <textarea id="review" name="review" rows={3} maxLength={2000} className={inputClass} defaultValue={kept?.review ?? ''} />
        </div>
        <Button type="submit" variant="secondary">
          Send rating
        </Button>
      </Form>
    </Card>
  )
}

function TipCard({ tip, error, answer }: { tip: NonNullable<DraftPageProps['tip']>; error: string | null; answer: DraftPageAnswer }) {
  const { formRef, cardRef, cardError, preparing, onSubmitClick } = useCardSubmit('paymentMethod')
  if (tip.impersonating) {
    return (
      <Card aria-labelledby="tip-heading">
        <h2 id="tip-heading" className="text-lg font-semibold text-gray-900">
          Tip your writer
        </h2>
        <p className="mt-2 text-sm text-gray-700">You are signed in as someone else: only the customer can tip, in their own session.</p>
      </Card>
    )
  }
  return (
    <Card aria-labelledby="tip-heading">
      <h2 id="tip-heading" className="text-lg font-semibold text-gray-900">
        Tip your writer
      </h2>
      {error || cardError ? (
        <Alert tone="danger" className="mt-2">
          {error ?? cardError}
        </Alert>
      ) : null}
      <Form method="post" ref={formRef} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="tip" />
        <input type="hidden" name="idempotencyKey" value={tip.key} />
        <div>
          <label htmlFor="tip-amount" className="mb-1 block text-sm font-medium text-gray-700">
            Amount ({tip.currency.toUpperCase()})
          </label>
          <input
            id="tip-amount"
            name="amount"
            inputMode="decimal"
            className={`${inputClass} max-w-40`}
            defaultValue={answer?.intent === 'tip' ? (answer.values?.amount ?? '10') : '10'}
            required
          />
        </div>
        <TipCardEntry mode={tip.card} cardRef={cardRef} />
        <Button type="submit" variant="secondary" onClick={onSubmitClick} disabled={preparing}>
          Pay the tip
        </Button>
      </Form>
    </Card>
  )
}

/**
 * Stripe Elements once JavaScript runs (CardEntry); otherwise Stripe's test cards as a plain select (CardEntry's
 * own select belongs to validated forms), or a word that card payments are unavailable.
 */
function TipCardEntry({ mode, cardRef }: { mode: CardEntryMode; cardRef: React.Ref<CardEntryHandle> }) {
  const hydrated = useHydrated()
  if (mode.kind === 'elements' && hydrated) return <CardEntry ref={cardRef} mode={mode} name="paymentMethod" />
  const cards = mode.kind === 'unavailable' ? [] : mode.testCards
  if (cards.length === 0) return <p className="text-sm text-red-700">Card payments are not available right now. Please try again later.</p>
  return (
    <div>
      <label htmlFor="tip-card" className="mb-1 block text-sm font-medium text-gray-700">
        Card (test mode)
      </label>
      <select id="tip-card" name="paymentMethod" required defaultValue="" className={`${inputClass} max-w-md`}>
        <option value="" disabled>
          Choose a test card
        </option>
        {cards.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  )
}
