// One page of a list and the list's total, counted only when the page does not show it (ADR 0113).
import { totalShownByPage } from '#app/rules/list-total'

/** `count` runs only when the page is full (more may follow) or empty past the first page. */
export async function withTotal<Row>(
  paging: { offset: number; size?: number },
  rows: Promise<Row[]>,
  count: () => Promise<{ n: number | string | bigint } | undefined>,
): Promise<{ rows: Row[]; count: number }> {
  const page = await rows
  const shown = totalShownByPage(paging.offset, paging.size, page.length)
  return { rows: page, count: shown ?? Number((await count())?.n ?? 0) }
}
