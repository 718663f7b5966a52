// Forms that change interface preferences: a plain post that comes back without JavaScript, a
// fetcher post (no navigation, optimistic) with it.
import { useFetcher, useFetchers, useLocation } from '@remix-run/react'
import type { FormEvent } from 'react'

export const UI_SETTINGS_ACTION = '/ui-settings'

export type ShellUiSettings = { sidebar: 'default' | 'condensed'; expanded: string[] }

export function useSubmitUiSettings() {
  const fetcher = useFetcher()
  return (form: HTMLFormElement, submitter?: HTMLElement | null) => {
    const formData = new FormData(form, submitter ?? undefined)
    // Without redirectTo the action answers JSON and the fetcher stays on the page.
    formData.delete('redirectTo')
    fetcher.submit(formData, { method: 'post', action: UI_SETTINGS_ACTION })
  }
}

export function UiSettingsForm({ children, className, ...props }: React.FormHTMLAttributes<HTMLFormElement>) {
  const location = useLocation()
  const submit = useSubmitUiSettings()
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    submit(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter)
  }
  return (
    <form method="post" action={UI_SETTINGS_ACTION} className={className} onSubmit={onSubmit} {...props}>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {children}
    </form>
  )
}

/** The server's settings with every in-flight change already applied. */
export function useOptimisticUiSettings(server: ShellUiSettings): ShellUiSettings {
  const fetchers = useFetchers()
  let settings = server
  for (const f of fetchers) {
    if (f.formAction !== UI_SETTINGS_ACTION || !f.formData) continue
    const intent = f.formData.get('intent')
    if (intent === 'sidebar') {
      const mode = f.formData.get('mode')
      if (mode === 'default' || mode === 'condensed') settings = { ...settings, sidebar: mode }
    } else if (intent === 'section') {
      const label = String(f.formData.get('label') ?? '')
      const open = f.formData.get('expanded') === 'true'
      const rest = settings.expanded.filter((l) => l !== label)
      settings = { ...settings, expanded: open ? [...rest, label] : rest }
    }
  }
  return settings
}
