// Forms that change interface preferences: a plain post that comes back without JavaScript, a
// fetcher post (no navigation, optimistic) with it. The forms are plain <form>s; the shell's one submit
// handler (useUiSettingsSubmit) posts them, so the sidebar's sections cost no router hook each.
import { useFetchers, useSubmit } from '@remix-run/react'
import { type FormEvent, useCallback } from 'react'

export const UI_SETTINGS_ACTION = '/ui-settings'

export type ShellUiSettings = { sidebar: 'default' | 'condensed'; expanded: string[] }

/** A preferences form; `redirectTo` (the page's path and search) brings a plain post back to the page. */
export function UiSettingsForm({ redirectTo, children, className }: { redirectTo: string; children: React.ReactNode; className?: string }) {
  return (
    <form method="post" action={UI_SETTINGS_ACTION} className={className} data-ui-settings="">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {children}
    </form>
  )
}

/**
 * The submit handler for an element holding UiSettingsForms: each change posts as a fetcher of its own
 * (so quick changes never cancel each other), without redirectTo, so the action answers JSON and the
 * page stays. A select submits on change through form.requestSubmit(), which comes here too.
 */
export function useUiSettingsSubmit() {
  const submit = useSubmit()
  return useCallback(
    (event: FormEvent<HTMLElement>) => {
      const form = event.target
      if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute('data-ui-settings')) return
      event.preventDefault()
      const submitter = (event.nativeEvent as SubmitEvent).submitter
      const formData = new FormData(form)
      if ((submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.name) formData.append(submitter.name, submitter.value)
      formData.delete('redirectTo')
      submit(formData, { method: 'post', action: UI_SETTINGS_ACTION, navigate: false })
    },
    [submit],
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
