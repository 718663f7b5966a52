// The builder's form post (used without JavaScript, and by Publish always): read the questions, apply the
// button that was pressed, save the draft, and publish when asked.
import { data, redirect } from '@remix-run/node'
import { applyBuilderIntent, formName, itemsFromForm, type FormItemInput, publishProblem } from './forms.schema'
import { redirectWithToast } from './content-common.server'

export type BuilderHandlers = {
  save: (items: FormItemInput[]) => Promise<void>
  publish: (name: string | undefined) => Promise<void>
  audit: (action: string) => Promise<void>
}

export async function builderPost(request: Request, handlers: BuilderHandlers) {
  const form = await request.formData()
  const intent = String(form.get('intent') ?? 'save')
  const items = applyBuilderIntent(itemsFromForm(form), intent, String(form.get('newType') ?? ''))
  await handlers.save(items)
  const url = new URL(request.url)
  const back = `${url.pathname}${url.search}`
  if (intent !== 'publish') {
    await handlers.audit('SAVE_DRAFT')
    return intent === 'save' ? redirectWithToast(request, back, 'Saved Successfully!') : redirect(back)
  }
  const rawName = form.get('name')
  const name = rawName === null ? undefined : formName.safeParse(rawName)
  if (name && !name.success) return data({ formError: name.error.issues[0]!.message, items }, { status: 422 })
  const problem = publishProblem(items)
  if (problem) return data({ formError: problem, items }, { status: 422 })
  await handlers.publish(name?.data)
  await handlers.audit('PUBLISH')
  return redirectWithToast(request, back, 'Published Successfully!')
}
