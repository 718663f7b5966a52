// renderToBuffers (patches/react-dom+18.3.1.patch, ADR 0114): the same bytes as renderToString, in pieces,
// in both of react-dom's builds (production serves, development runs under Vite and the tests).
import { createRequire } from 'node:module'
import path from 'node:path'
import { createElement, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'

type LegacyServer = { renderToString: (node: ReactNode) => string; renderToBuffers: (node: ReactNode) => Buffer[] }
const require = createRequire(import.meta.url)
// By path: the package's exports name only react-dom/server, which picks one build by NODE_ENV.
const cjs = path.join(path.dirname(require.resolve('react-dom/package.json')), 'cjs')
const builds: Record<string, LegacyServer> = {
  production: require(path.join(cjs, 'react-dom-server-legacy.node.production.min.js')) as LegacyServer,
  development: require(path.join(cjs, 'react-dom-server-legacy.node.development.js')) as LegacyServer,
}

/** A document of about 200 kB whose text is mostly outside ASCII: accents, curly quotes and emoji (surrogate pairs). */
const page = () =>
  createElement(
    'table',
    null,
    createElement(
      'tbody',
      null,
      Array.from({ length: 2000 }, (_, i) =>
        createElement('tr', { key: i, className: 'hover:bg-gray-50' }, createElement('td', { 'aria-label': `Zoë’s order ${i}` }, `Résumé 📄 ${i} <&>`)),
      ),
    ),
  )

describe.each(Object.entries(builds))('renderToBuffers in the %s build', (_name, server) => {
  it('gives exactly the bytes of renderToString, in pieces of about 16 kB', () => {
    const pieces = server.renderToBuffers(page())
    expect(Buffer.concat(pieces).equals(Buffer.from(server.renderToString(page())))).toBe(true)
    expect(pieces.length).toBeGreaterThan(5)
    for (const piece of pieces.slice(0, -1)) expect(piece.length).toBeGreaterThan(16_384)
  })

  it('gives one piece for a small document', () => {
    const pieces = server.renderToBuffers(createElement('p', null, 'Hello'))
    expect(pieces.map(String)).toEqual(['<p>Hello</p>'])
  })
})
