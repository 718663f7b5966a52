// The weight specs' reading of a document: which scripts it names, so their bytes can be counted.
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]

/** The scripts a document names: external ones (script src, modulepreload) and the inline ones' text. */
export function scriptsOf(html: string) {
  const external = new Set<string>()
  const inline: string[] = []
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = attribute(attrs!, 'src')
    if (src) external.add(src)
    else if (body!.trim()) inline.push(body!)
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = attribute(tag, 'href')
    if (attribute(tag, 'rel') === 'modulepreload' && href) external.add(href)
  }
  return { external, inline }
}

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
