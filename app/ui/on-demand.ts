// A module fetched on first use (issue 27, ADR 0077): what a page does not need to paint (a menu's
// Headless UI, the phone's drawer, a dialog) loads when someone reaches for it, not with the page.
import { useEffect, useState } from 'react'

export type OnDemand<T> = {
  /** The module once it has arrived (at once on later pages: the import is remembered). */
  current: () => T | null
  /** Starts the import (again after a failure); resolves with the module. */
  load: () => Promise<T>
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let module: T | null = null
  let pending: Promise<T> | null = null
  return {
    current: () => module,
    load: () =>
      (pending ??= importer().then(
        (m) => (module = m),
        (error: unknown) => {
          pending = null
          throw error
        },
      )),
  }
}

/** The module if it has arrived; `wanted` starts its import and re-renders when it is there. */
export function useOnDemand<T>(source: OnDemand<T>, wanted: boolean): T | null {
  const [module, setModule] = useState<T | null>(source.current)
  useEffect(() => {
    if (!wanted || module) return
    let live = true
    source.load().then(
      (m) => live && setModule(() => m),
      () => {},
    )
    return () => {
      live = false
    }
  }, [source, wanted, module])
  return module
}
