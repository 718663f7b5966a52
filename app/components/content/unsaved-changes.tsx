// Asks before leaving a form, clone or editor with unsaved changes: the browser's own prompt on unload,
// and a confirmation on in-app navigation (Remix useBlocker).
import { useBeforeUnload, useBlocker } from '@remix-run/react'
import { useCallback, useEffect } from 'react'

export const LEAVE_MESSAGE = 'You have unsaved changes. Are you sure you want to leave?'

export function useUnsavedChanges(dirty: boolean) {
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!dirty) return
        event.preventDefault()
        event.returnValue = LEAVE_MESSAGE
      },
      [dirty],
    ),
  )
  // Submissions of the page's own form carry the changes, so only moving to another page is blocked.
  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => dirty && historyAction !== 'REPLACE' && currentLocation.pathname !== nextLocation.pathname)
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    if (window.confirm(LEAVE_MESSAGE)) blocker.proceed()
    else blocker.reset()
  }, [blocker])
}
