// Custom tags of an order: what a tag may look like and how a typed list becomes the stored one.

export const TAG_MAX_LENGTH = 64
export const TAG_MAX_COUNT = 20

export const TAG_TOO_LONG = `A tag can be at most ${TAG_MAX_LENGTH} characters long`
export const TOO_MANY_TAGS = `An order can have at most ${TAG_MAX_COUNT} tags`

/** Lowercased and trimmed; inner runs of whitespace become one space, so 'VIP  client' and 'vip client' are one tag. */
export function normaliseTag(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').toLowerCase()
}

export type NormalisedTags = { ok: true; tags: string[] } | { ok: false; error: string }

/**
 * The tags as stored, in the order given: normalised, empty ones dropped, each once (the first
 * wins). A tag over the length limit or more tags than the limit is refused, never cut.
 */
export function normaliseTags(raw: readonly string[]): NormalisedTags {
  const tags: string[] = []
  for (const value of raw) {
    const tag = normaliseTag(value)
    if (!tag || tags.includes(tag)) continue
    if (tag.length > TAG_MAX_LENGTH) return { ok: false, error: TAG_TOO_LONG }
    tags.push(tag)
  }
  if (tags.length > TAG_MAX_COUNT) return { ok: false, error: TOO_MANY_TAGS }
  return { ok: true, tags }
}

/** The add-tags box takes several tags at once, separated by commas ('urgent, vip'). */
export function splitTagInput(text: string): string[] {
  return text.split(',')
}
