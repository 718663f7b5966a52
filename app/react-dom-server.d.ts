// renderToBuffers is added to react-dom's legacy server renderer by patches/react-dom+18.3.1.patch (ADR 0114).
import 'react-dom/server'
import type { ReactNode } from 'react'

declare module 'react-dom/server' {
  /** renderToString's document as UTF-8 bytes, in pieces of about 16 kB encoded as it is written. */
  export function renderToBuffers(element: ReactNode, options?: { identifierPrefix?: string }): Buffer[]
}
