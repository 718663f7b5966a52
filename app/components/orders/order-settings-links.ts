// Links between the orders list and its dialogs (Settings, Assign, Bulk actions): a dialog keeps every
// search param of the list (page, sort, filters, search, tab), and closing drops only the dialog's own.

export const ORDERS_LIST_PATH = '/orders/view'

/** Params that belong to a dialog (or the open column picker, COLUMN_PICKER_PARAM), never to the list. */
export const DIALOG_PARAMS = ['ids', 'assignTab', 'confirm', 'columns'] as const

export type AssignTab = 'contributor' | 'reviewer'

function withQuery(path: string, params: URLSearchParams): string {
  const qs = params.toString()
  return qs ? `${path}?${qs}` : path
}

/** The list's own params from any search string (a dialog's URL or the list's). */
export function listParams(search: URLSearchParams | string): URLSearchParams {
  const params = new URLSearchParams(search)
  for (const p of DIALOG_PARAMS) params.delete(p)
  return params
}

/** Back to the list as it was: what every dialog's Close and every success redirect goes to. */
export function ordersListHref(search: URLSearchParams | string): string {
  return withQuery(ORDERS_LIST_PATH, listParams(search))
}

export function orderSettingsHref(orderId: string, search: URLSearchParams | string = ''): string {
  return withQuery(`${ORDERS_LIST_PATH}/settings/${encodeURIComponent(orderId)}`, listParams(search))
}

function withIds(search: URLSearchParams | string, ids: readonly string[]): URLSearchParams {
  const params = listParams(search)
  for (const id of ids) params.append('ids', id)
  return params
}

export function assignHref(ids: readonly string[], search: URLSearchParams | string = '', tab: AssignTab = 'contributor'): string {
  const params = withIds(search, ids)
  if (tab !== 'contributor') params.set('assignTab', tab)
  return withQuery(`${ORDERS_LIST_PATH}/assign`, params)
}

export function bulkHref(ids: readonly string[], search: URLSearchParams | string = ''): string {
  return withQuery(`${ORDERS_LIST_PATH}/bulk`, withIds(search, ids))
}
