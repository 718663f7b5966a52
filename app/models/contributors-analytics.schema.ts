// Contributors Analytics (beta) inputs (ADR 0047): the calls' body and query, and the page's URL.
import { z } from 'zod'
import { ANALYTICS_RANGES, DEFAULT_RANGE, MAX_SELECTED_WRITERS } from '#app/rules/contributors-analytics'

export const SELECTED_WRITERS_INVALID = 'selectedWriters must be a list of contributor ids'
export const TOO_MANY_WRITERS = `Select at most ${MAX_SELECTED_WRITERS} contributors`
export const FILTER_INVALID = `filter must be one of ${ANALYTICS_RANGES.join(', ')}`

const writerId = z.string({ invalid_type_error: SELECTED_WRITERS_INVALID }).trim().min(1, SELECTED_WRITERS_INVALID).max(64, SELECTED_WRITERS_INVALID)

/** {selectedWriters}: contributor ids (`_id`); an empty list means every contributor (up to the cap). */
export const selectedWritersBodySchema = z.object({
  selectedWriters: z.array(writerId, { required_error: SELECTED_WRITERS_INVALID, invalid_type_error: SELECTED_WRITERS_INVALID }).max(MAX_SELECTED_WRITERS, TOO_MANY_WRITERS),
})

/** ?filter= on the order tracker; missing means the spec's default. */
export const rangeQuerySchema = z.object({
  filter: z.enum(ANALYTICS_RANGES, { errorMap: () => ({ message: FILTER_INVALID }) }).default(DEFAULT_RANGE),
})

/**
 * The page's GET form (?w=id&w=id&range=7Days): the URL keeps the selection and the range. A URL
 * typed by hand with a bad range falls back to the default, extra ids past the cap are dropped.
 */
export function parsePageQuery(params: URLSearchParams): { selected: string[]; range: (typeof ANALYTICS_RANGES)[number] } {
  const range = rangeQuerySchema.safeParse({ filter: params.get('range') ?? undefined })
  const selected = [
    ...new Set(
      params
        .getAll('w')
        .map((w) => w.trim())
        .filter((w) => w.length > 0 && w.length <= 64),
    ),
  ].slice(0, MAX_SELECTED_WRITERS)
  return { selected, range: range.success ? range.data.filter : DEFAULT_RANGE }
}
