// Links and forms in the rows of long tables: plain anchors and forms, taken over in the browser by one
// click and one submit handler on the table. A <Link>, <Form> or useFetcher runs the router's hooks on
// every render, and a page of 200 orders has 600 of them; without JavaScript these are ordinary links and posts.
import { useFetcher, useFetchers, useNavigate, useSubmit } from '@remix-run/react'
import { FETCHER_FIELD } from '#app/rules/fetcher-field'
import { type AnchorHTMLAttributes, type FormEvent, type FormHTMLAttributes, type MouseEvent, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
import { buttonClass } from './button'
import { cn } from './cn'

type RowLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path (with its search), as for <Link to>. */
  to: string
  /** Keep the scroll position, as <Link preventScrollReset> (dialogs opened from a row). */
  preventScrollReset?: boolean
}

export function RowLink({ to, preventScrollReset, children, ...props }: RowLinkProps) {
  return (
    <a href={to} data-row-link={preventScrollReset ? 'keep-scroll' : ''} {...props}>
      {children}
    </a>
  )
}

type RowFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'method' | 'action'> & {
  /**
   * An absolute path with the page's search, so the answer lands on the same page of the list; none
   * posts to the page itself (its URL, search included), as a form without an action does.
   */
  action?: string
  /**
   * Posts without navigation (as a fetcher under this key) when JavaScript runs: the action gets the
   * FETCHER_FIELD and answers JSON ({ ok, message } or { error }, and { link } for a form with
   * target="_blank", whose link then opens in the window the click opened). Without it, a plain post.
   */
  fetcherKey?: string
}

/** A POST form in a row; submitted like <Form method="post" preventScrollReset> (or a fetcher's) when JavaScript runs. */
export function RowForm({ action, fetcherKey, ...props }: RowFormProps) {
  return <form method="post" action={action} data-row-form={fetcherKey ?? ''} {...props} />
}

/** A row fetcher's state: what is on its way (the optimistic value), and whether it posted since the page loaded. */
export type RowFetcherState = { pending: FormData | null; sent: boolean }
export type RowFetchers = (key: string) => RowFetcherState

/** Whether a click should stay with the browser (new tab or window, download, another target or origin). */
function browserHandles(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return true
  const target = anchor.getAttribute('target')
  return (target !== null && target !== '_self') || anchor.hasAttribute('download') || anchor.origin !== window.location.origin
}

/** Windows opened by a click on a target="_blank" row fetcher form, waiting for the answer's link. */
const waitingWindows = new Map<string, Window>()

const NOTHING_SENT: ReadonlySet<string> = new Set()

/** onClick for an element that holds RowLinks (a table, the sidebar): a client-side navigation, as <Link> does. */
export function useRowLinkClick() {
  const navigate = useNavigate()
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented) return
      const anchor = (event.target as Element).closest?.('a[data-row-link]')
      if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor) || browserHandles(event, anchor)) return
      event.preventDefault()
      navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`, { preventScrollReset: anchor.dataset.rowLink === 'keep-scroll' })
    },
    [navigate],
  )
}

/** onClick and onSubmit for the element (a table) that holds RowLinks and RowForms, and its row fetchers' state. */
export function useRowActions() {
  const onClick = useRowLinkClick()
  const submit = useSubmit()
  const inFlight = useFetchers()
  const [sent, setSent] = useState(NOTHING_SENT)
  const handlers = useMemo(
    () => ({
      onClick,
      onSubmit(event: FormEvent<HTMLElement>) {
        const form = event.target
        // A form's own handler (a confirmation) may have cancelled it already.
        if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute('data-row-form')) return
        event.preventDefault()
        const submitter = (event.nativeEvent as SubmitEvent).submitter
        const action = form.getAttribute('action') ?? undefined
        const fetcherKey = form.dataset.rowForm
        if (!fetcherKey) {
          submit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : form, { method: 'post', action, preventScrollReset: true })
          return
        }
        const formData = new FormData(form)
        if ((submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.name) formData.append(submitter.name, submitter.value)
        formData.set(FETCHER_FIELD, '1')
        // Opened within the click, so popup blockers let it through; the answer's link fills it.
        if (form.target === '_blank') {
          const opened = window.open('', '_blank')
          if (opened) waitingWindows.set(fetcherKey, opened)
        }
        setSent((keys) => (keys.has(fetcherKey) ? keys : new Set(keys).add(fetcherKey)))
        submit(formData, { method: 'post', action, navigate: false, fetcherKey, preventScrollReset: true })
      },
    }),
    [onClick, submit],
  )
  const fetchers = useMemo<RowFetchers>(() => {
    const pending = new Map<string, FormData>()
    for (const f of inFlight) if (f.formData && sent.has(f.key)) pending.set(f.key, f.formData)
    return (key) => ({ pending: pending.get(key) ?? null, sent: sent.has(key) })
  }, [inFlight, sent])
  return { ...handlers, fetchers }
}

type RowAnswerData = { ok?: boolean; error?: string; message?: string; link?: string }

const MESSAGE_MS = 2000

/**
 * The answer to a row fetcher post: its message for a moment, or its error; a link opens in the window the
 * click opened. Rendered only for rows that posted (the row's `sent`), so a page of rows costs no hook.
 */
export function RowAnswer({ fetcherKey }: { fetcherKey: string }) {
  const fetcher = useFetcher<RowAnswerData>({ key: fetcherKey })
  const [message, setMessage] = useState<string | null>(null)

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    const waiting = waitingWindows.get(fetcherKey)
    waitingWindows.delete(fetcherKey)
    if (fetcher.data.link) {
      if (waiting) waiting.location.href = fetcher.data.link
      else window.location.href = fetcher.data.link
      return
    }
    waiting?.close()
    if (!fetcher.data.ok || !fetcher.data.message) return
    setMessage(fetcher.data.message)
    const timer = setTimeout(() => setMessage(null), MESSAGE_MS)
    return () => clearTimeout(timer)
  }, [fetcherKey, fetcher.state, fetcher.data])

  if (fetcher.state === 'idle' && fetcher.data?.error) {
    return (
      <span role="alert" className="text-xs text-red-600">
        {fetcher.data.error}
      </span>
    )
  }
  return message ? (
    <span role="status" className="text-xs font-medium text-green-700">
      {message}
    </span>
  ) : null
}

/**
 * The look of every row action on every list (ADR 0076): a small secondary button, whatever it is (a link, a
 * post); in red when it destroys. Rows put them in one order: View, Edit, Clone, Settings, then switches
 * (Archive), Login As, and Delete last.
 */
export function rowActionClass(tone: 'default' | 'danger' = 'default', className?: string) {
  return buttonClass('secondary', cn('py-1 whitespace-nowrap', tone === 'danger' && 'text-red-700', className))
}

export function RowActionGroup({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-2">{children}</div>
}

/** The one question before a destructive row action. */
export function deleteConfirmation(name: string) {
  return `Delete ${name}? You will not be able to revert this.`
}

/**
 * Delete in a row: a post of `fields` to the page, asked first with deleteConfirmation() in the browser.
 * Named "Delete <name>" so the name starts with the visible word.
 */
export function DeleteRowForm({ name, fields }: { name: string; fields: Record<string, string> }) {
  return (
    <RowForm onSubmit={(event) => !window.confirm(deleteConfirmation(name)) && event.preventDefault()}>
      {Object.entries(fields).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <button type="submit" className={rowActionClass('danger')} aria-label={`Delete ${name}`}>
        Delete
      </button>
    </RowForm>
  )
}
