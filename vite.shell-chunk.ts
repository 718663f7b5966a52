// One chunk for the back office's shell (ADR 0106): the app modules every back-office page loads with its
// layout (routes/_app.tsx and what it imports), which Rollup would otherwise split into a dozen small chunks by
// which routes share them; gzip compresses one file better than many, and a page asks for fewer files.
// Rollup pulls a manual chunk's dependencies into it unless they have a chunk of their own, so what the layout
// shares with pages outside the back office (the portal, sign-in, the contributor's work, root) gets its own:
// the framework (React, Remix) as `components`, the app's shared modules as `common`. Pages outside the back
// office never load the shell.
import type { GetManualChunk, ManualChunkMeta } from 'rollup'

const ROUTE = /\/app\/routes\/([^/?]+)\.tsx?(\?|$)/
const ROOT = /\/app\/root\.tsx(\?|$)/
const SHELL_LAYOUT = '_app'

function reachable(starts: string[], meta: ManualChunkMeta): Set<string> {
  const seen = new Set<string>()
  const stack = [...starts]
  while (stack.length > 0) {
    const id = stack.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    for (const next of meta.getModuleInfo(id)?.importedIds ?? []) stack.push(next)
  }
  return seen
}

/** Each module's chunk by where it is needed: every page (root), the back office's layout, or both sides. */
export function chunkNames(meta: ManualChunkMeta): Map<string, string> {
  const ids = [...meta.getModuleIds()]
  const routes = ids.filter((id) => ROUTE.test(id))
  const layouts = routes.filter((id) => ROUTE.exec(id)![1] === SHELL_LAYOUT)
  const outside = routes.filter((id) => {
    const name = ROUTE.exec(id)![1]!
    return name !== SHELL_LAYOUT && !name.startsWith(`${SHELL_LAYOUT}.`)
  })
  const everyPage = reachable(
    ids.filter((id) => ROOT.test(id)),
    meta,
  )
  const elsewhere = reachable([...ids.filter((id) => ROOT.test(id)), ...outside], meta)
  const names = new Map<string, string>()
  for (const id of reachable(layouts, meta)) {
    if (layouts.includes(id) || id.startsWith('\0')) continue
    if (id.includes('/node_modules/') && everyPage.has(id)) names.set(id, 'components')
    else names.set(id, elsewhere.has(id) ? 'common' : 'shell')
  }
  return names
}

export function shellChunk(): GetManualChunk {
  let names: Map<string, string> | null = null
  return (id, meta) => {
    names ??= chunkNames(meta)
    return names.get(id)
  }
}
