// /website-settings/system-emails: the system e-mail templates by channel (four tabs), each previewed
// with sample data; with WRITE_SYSTEM_EMAILS_TEMPLATES customised (saved), or reset to the default.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useNavigate } from '@remix-run/react'
import { useEffect } from 'react'
import { validationError } from 'remix-validated-form'
import { EmailPreview, TemplateCard, TemplateEditor, type TemplateView } from '#app/components/system-emails/system-emails'
import { SuccessAlert } from '#app/components/form-parts'
import { PageHeader, Toast } from '#app/components/page'
import { templateFormValidator } from '#app/models/email-templates.schema'
import { emailTemplateActions, listChannelTemplates } from '#app/models/email-templates.server'
import { tenantOrigin } from '#app/models/domains.server'
import { renderFor } from '#app/models/system-mail.server'
import { defaultTemplate, EMAIL_CHANNELS, type EmailChannel, isEmailChannel, sampleFields, TEMPLATE_SAVED, UNKNOWN_TEMPLATE } from '#app/rules/email-templates'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { requirePermission, type Tenant } from '#app/models/auth-guards.server'
import { takeToast } from '#app/services/flash.server'
import { sanitizeSubmittedHtml } from '#app/services/sanitize.server'
import { Alert } from '#app/ui/alert'
import { PanelDialog } from '#app/ui/panel-dialog'
import { UrlTabs } from '#app/ui/url-tabs'
import { readForm } from '#app/services/form-request.server'

const PATH = '/website-settings/system-emails'
const RESET = 'Deleted!'
// Section 9: the template-saved dialog closes after 2 s.
const CLOSE_AFTER_MS = 2000

function channelOf(url: URL): EmailChannel {
  const between = url.searchParams.get('between')
  return isEmailChannel(between) ? between : EMAIL_CHANNELS[0].key
}

async function preview(t: Tenant, code: string, content?: { subject: string; title: string; body: string; button_text: string }) {
  // Sample data, but the organisation's own name (the renderer fills companyName from its branding).
  const { companyName: _sample, ...fields } = sampleFields(defaultTemplate(code)!)
  const rendered = await renderFor({ clientId: t.clientId, to: t.user.email, template: code, fields, buttonLink: `${await tenantOrigin(t)}/login`, override: content }, 'preview')
  return rendered ? { subject: rendered.subject, html: rendered.html } : null
}

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard(PATH))
  const url = new URL(request.url)
  const channel = channelOf(url)
  const canEdit = can(t.user, { all: ['WRITE_SYSTEM_EMAILS_TEMPLATES'] })
  const templates = await listChannelTemplates(t, channel)
  const inChannel = (code: string | null) => templates.find((x) => x.code === code) ?? null
  // Without the write permission the screen is preview only: an edit link shows the preview instead.
  const editing = canEdit ? inChannel(url.searchParams.get('edit')) : null
  const previewing = inChannel(url.searchParams.get('preview')) ?? (!canEdit ? inChannel(url.searchParams.get('edit')) : null)
  const { toast, headers } = await takeToast(request)
  return data(
    {
      channel,
      canEdit,
      templates,
      editing,
      previewing: previewing ? { template: previewing, rendered: await preview(t, previewing.code) } : null,
      toast,
    },
    { headers },
  )
}

type ActionData = { done?: string; preview?: { subject: string; html: string } | null; submitted?: Record<string, string>; error?: string }

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, { all: ['WRITE_SYSTEM_EMAILS_TEMPLATES'] })
  const form = await readForm(request)
  const intent = String(form.get('intent') ?? '')
  const code = String(form.get('code') ?? '')
  switch (intent) {
    case 'save':
    case 'preview': {
      const result = await templateFormValidator.validate(form)
      if (result.error) return validationError(result.error, sanitizeSubmittedHtml(result.submittedData, ['body']))
      const d = defaultTemplate(result.data.code)
      if (!d?.between) return validationError({ fieldErrors: { code: UNKNOWN_TEMPLATE } }, sanitizeSubmittedHtml(result.submittedData, ['body']))
      if (intent === 'preview') {
        const content = { subject: result.data.subject, title: result.data.title, body: result.data.body, button_text: result.data.button_text }
        const safe = sanitizeSubmittedHtml(content, ['body'])
        return data<ActionData>({ preview: await preview(t, d.code, safe), submitted: safe })
      }
      const saved = await emailTemplateActions.save(t, request, d.code, result.data)
      if (!saved.ok) return data<ActionData>({ error: saved.error }, { status: saved.status })
      return data<ActionData>({ done: TEMPLATE_SAVED })
    }
    case 'reset': {
      const reset = await emailTemplateActions.resetCode(t, request, code)
      if (!reset.ok) return data<ActionData>({ error: reset.error }, { status: reset.status })
      return data<ActionData>({ done: RESET })
    }
    default:
      return data<ActionData>({ error: 'Unknown action' }, { status: 400 })
  }
}

export default function SystemEmailsRoute() {
  const { channel, canEdit, templates, editing, previewing, toast } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionData | undefined
  const navigate = useNavigate()
  const base = `${PATH}?between=${channel}`
  const done = actionData?.done ?? null
  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => navigate(base, { replace: true, preventScrollReset: true }), CLOSE_AFTER_MS)
    return () => clearTimeout(timer)
  }, [done, navigate, base])

  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title="System Emails" />
      <Toast message={toast} />
      {!canEdit ? <Alert tone="info">You can preview these e-mails. Changing them needs the permission to write system e-mail templates.</Alert> : null}
      {actionData?.error && !editing ? <Alert tone="danger">{actionData.error}</Alert> : null}
      <UrlTabs label="E-mail channels" current={channel} tabs={EMAIL_CHANNELS.map((c) => ({ key: c.key, label: c.label, to: `${PATH}?between=${c.key}` }))} />

      {done ? (
        <div className="fixed inset-0 z-50 flex items-start justify-center bg-black/30 p-4 pt-24">
          <div role="dialog" aria-modal="true" aria-label="Saved" className="w-full max-w-sm rounded-lg bg-white p-6 shadow-xl">
            <SuccessAlert>{done}</SuccessAlert>
            {/* Without JavaScript the page goes back to the list after the same delay. */}
            <noscript>
              <meta httpEquiv="refresh" content={`${CLOSE_AFTER_MS / 1000};url=${base}`} />
            </noscript>
          </div>
        </div>
      ) : null}

      {editing && !done ? (
        <PanelDialog title={`Edit: ${editing.description}`} closeTo={base} wide>
          <TemplateEditor
            key={editing.code}
            template={editing as TemplateView}
            values={(actionData?.submitted as TemplateView | undefined) ?? editing}
            error={actionData?.error}
            closeTo={base}
          />
          {actionData?.preview ? (
            <div className="mt-6">
              <EmailPreview subject={actionData.preview.subject} html={actionData.preview.html} />
            </div>
          ) : null}
        </PanelDialog>
      ) : null}

      {previewing && !editing && previewing.rendered ? (
        <PanelDialog title={`Preview: ${previewing.template.description}`} closeTo={base} wide>
          <EmailPreview subject={previewing.rendered.subject} html={previewing.rendered.html} />
        </PanelDialog>
      ) : null}

      <div className="space-y-4">
        {templates.map((template) => (
          <TemplateCard key={template.code} template={template as TemplateView} base={base} canEdit={canEdit} />
        ))}
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'System Emails | Draftdesk' }]
