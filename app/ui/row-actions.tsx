// Links and forms in the rows of long tables: plain anchors and forms, taken over in the browser by one
// click and one submit handler on the table. A <Link> or <Form> runs the router's hooks on every render,
// and a page of 200 orders has 600 of them; without JavaScript these are ordinary links and posts.
import { useNavigate, useSubmit } from '@remix-run/react'
import { type AnchorHTMLAttributes, type FormEvent, type FormHTMLAttributes, type MouseEvent, useMemo } from 'react'

type RowLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path (with its search), as for <Link to>. */
  to: string
  /** Keep the scroll position, as <Link preventScrollReset> (dialogs opened from a row). */
  preventScrollReset?: boolean
}

export function RowLink({ to, preventScrollReset, ...props }: RowLinkProps) {
  return <a href={to} data-row-link={preventScrollReset ? 'keep-scroll' : ''} {...props} />
}

type RowFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'method' | 'action'> & {
  /** An absolute path with the page's search, so the answer lands on the same page of the list. */
  action: string
}

/** A POST form in a row; submitted like <Form method="post" preventScrollReset> when JavaScript runs. */
export function RowForm({ action, ...props }: RowFormProps) {
  return <form method="post" action={action} data-row-form="" {...props} />
}

/** Whether a click should stay with the browser (new tab or window, download, another target or origin). */
function browserHandles(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return true
  const target = anchor.getAttribute('target')
  return (target !== null && target !== '_self') || anchor.hasAttribute('download') || anchor.origin !== window.location.origin
}

/** onClick and onSubmit for the element (a table) that holds RowLinks and RowForms. */
export function useRowActions() {
  const navigate = useNavigate()
  const submit = useSubmit()
  return useMemo(
    () => ({
      onClick(event: MouseEvent<HTMLElement>) {
        if (event.defaultPrevented) return
        const anchor = (event.target as Element).closest?.('a[data-row-link]')
        if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor) || browserHandles(event, anchor)) return
        event.preventDefault()
        navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`, { preventScrollReset: anchor.dataset.rowLink === 'keep-scroll' })
      },
      onSubmit(event: FormEvent<HTMLElement>) {
        const form = event.target
        // A form's own handler (a confirmation) may have cancelled it already.
        if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute('data-row-form')) return
        event.preventDefault()
        const submitter = (event.nativeEvent as SubmitEvent).submitter
        submit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : form, {
          method: 'post',
          action: form.getAttribute('action') ?? undefined,
          preventScrollReset: true,
        })
      },
    }),
    [navigate, submit],
  )
}
