// When a page of a list already shows the list's total (ADR 0113): counting is a query of its own on every
// list request, and most lists of most organisations fit on their first page.

/**
 * The total a page of `rows` rows shows, or null when only counting can tell. A page shorter than its size
 * (or a whole list, `size` undefined) ends the list: its total is the page's offset plus its rows. An empty
 * page after the first says nothing: the list may have shrunk below the offset.
 */
export function totalShownByPage(offset: number, size: number | undefined, rows: number): number | null {
  if (size !== undefined && rows >= size) return null
  if (rows === 0 && offset > 0) return null
  return offset + rows
}
