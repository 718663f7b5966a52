// The per-request CSP nonce: server.ts makes it, passes it in the load context, entry.server.tsx
// hands it to React here, and root.tsx puts it on every script it renders.
import { createContext, useContext } from 'react'

declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce?: string
  }
}

const NonceContext = createContext<string>('')

export const NonceProvider = NonceContext.Provider

/** Empty in the browser: browsers hide nonces from the DOM, and hydration never re-runs scripts. */
export function useNonce(): string {
  return useContext(NonceContext)
}
