// Names of cloned forms and contracts: 'Copy of X', then 'Copy (1) of X', 'Copy (2) of X', ...

/** The first free copy name for `name`, given the names already taken (compared case-insensitively, trimmed). */
export function cloneName(name: string, taken: Iterable<string>): string {
  const base = name.trim()
  const used = new Set([...taken].map((n) => n.trim().toLowerCase()))
  const first = `Copy of ${base}`
  if (!used.has(first.toLowerCase())) return first
  for (let n = 1; ; n++) {
    const candidate = `Copy (${n}) of ${base}`
    if (!used.has(candidate.toLowerCase())) return candidate
  }
}
