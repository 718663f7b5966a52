// A component the browser fetches on demand (React.lazy: it keeps the server's markup until the module has
// arrived) and the server renders directly: it renders with renderToString (ADR 0040), which would give a
// lazy component's fallback, so the page would lack it without JavaScript (ADR 0077). The server imports
// the module as this is defined (no top-level await), long before the first request.
import { type ComponentType, lazy } from 'react'

export function lazyWithServer<P extends object>(importer: () => Promise<ComponentType<P>>): ComponentType<P> {
  const inBrowser = lazy(() => importer().then((component) => ({ default: component })))
  if (!import.meta.env.SSR) return inBrowser as unknown as ComponentType<P>
  let loaded: ComponentType<P> | null = null
  void importer().then((component) => (loaded = component))
  return function ServerRendered(props: P) {
    const Component = loaded ?? (inBrowser as unknown as ComponentType<P>)
    return <Component {...props} />
  }
}
