// The project page keeps its view in the URL (so it works without JavaScript): which drafts tab,
// whether drafts show, and which dialog is open. These build its links.

/** Query parameters that only open a dialog; a finished action drops them. */
export const DIALOG_PARAMS = ['editTags', 'withdraw', 'reopen'] as const

export type ProjectView = { showDrafts: boolean; service: string | null; editTags: boolean; withdraw: string | null; reopen: string | null }

export function readProjectView(params: URLSearchParams): ProjectView {
  return {
    showDrafts: params.get('drafts') === '1',
    service: params.get('service'),
    editTags: params.get('editTags') === '1',
    withdraw: params.get('withdraw'),
    reopen: params.get('reopen'),
  }
}

/** The page's href with some parameters changed (null removes one); dialogs close unless set again. */
export function projectHref(orderId: string, current: URLSearchParams, changes: Record<string, string | null> = {}): string {
  const params = new URLSearchParams(current)
  for (const p of DIALOG_PARAMS) params.delete(p)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key)
    else params.set(key, value)
  }
  const qs = params.toString()
  return `/project/view/${encodeURIComponent(orderId)}${qs ? `?${qs}` : ''}`
}
