// The Domain page's pieces: subdomain and custom domain cards, the System Emails card, the DNS
// instructions, and the two modal forms (plain forms without JavaScript, dialogs with it).
import { Form, Link } from '@remix-run/react'
import { ValidatedForm } from 'remix-validated-form'
import { FieldError, inputClass, labelClass, SubmitButton, VALIDATE_ON_SUBMIT } from '#app/components/forms'
import { Badge } from '#app/components/page'
import type { DomainJson } from '#app/models/domains.server'
import { customDomainValidator, subdomainValidator } from '#app/models/website-settings.schema'
import { buttonClass } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { PanelDialog } from '#app/ui/panel-dialog'
import { useField } from 'remix-validated-form'
import { useId } from 'react'
import { Table, TBody, Th, THead } from '#app/ui/table'

export const DOMAIN_PAGE = '/website-settings/domain'

function WrenchIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} className="size-5">
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M21.75 6.75a4.5 4.5 0 0 1-4.884 4.484c-1.076-.091-2.264.071-2.95.904l-7.152 8.684a2.548 2.548 0 1 1-3.586-3.586l8.684-7.152c.833-.686.995-1.874.904-2.95a4.5 4.5 0 0 1 6.336-4.486l-3.276 3.276a3.004 3.004 0 0 0 2.25 2.25l3.276-3.276c.256.565.398 1.192.398 1.852Z"
      />
    </svg>
  )
}

function ExternalIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} className="size-5">
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M13.5 6H5.25A2.25 2.25 0 0 0 3 8.25v10.5A2.25 2.25 0 0 0 5.25 21h10.5A2.25 2.25 0 0 0 18 18.75V10.5m-10.5 6L21 3m0 0h-5.25M21 3v5.25"
      />
    </svg>
  )
}

const iconButton = 'inline-flex items-center rounded-md p-2 text-gray-600 ring-1 ring-gray-300 ring-inset hover:bg-gray-50 hover:text-gray-900'

function StatusBadge({ status, labels }: { status: string; labels: Record<string, string> }) {
  const tone = status === 'active' || status === 'verified' ? 'green' : status === 'failed' ? 'red' : 'amber'
  return <Badge tone={tone}>{labels[status] ?? status}</Badge>
}

export function SubdomainCard({ domain, canEdit }: { domain: DomainJson; canEdit: boolean }) {
  return (
    <Card aria-label="Portal subdomain" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-gray-900">Subdomain</h2>
        <div className="flex gap-2">
          {domain.subDomainUrl ? (
            <a href={domain.subDomainUrl} target="_blank" rel="noopener noreferrer" className={iconButton} aria-label="Open subdomain" title="Open">
              <ExternalIcon />
            </a>
          ) : null}
          {canEdit ? (
            <Link to="?edit=subdomain" preventScrollReset className={iconButton} aria-label="Edit subdomain" title="Edit">
              <WrenchIcon />
            </Link>
          ) : null}
        </div>
      </div>
      {domain.subDomainUrl ? (
        <p className="font-mono text-sm break-all text-gray-900" data-testid="subdomain-url">
          {domain.subDomainUrl}
        </p>
      ) : (
        <p className="text-sm text-gray-500">No subdomain set yet.</p>
      )}
    </Card>
  )
}

const CNAME_LABELS = { pending: 'Pending verification', verified: 'Verified', failed: 'Verification failed' }
const DELIVERY_LABELS = { pending: 'Pending', active: 'Active', failed: 'Not verified' }

export function CustomDomainCard({ domain, canEdit }: { domain: DomainJson; canEdit: boolean }) {
  const secure = domain.sslStatus === 'active'
  return (
    <Card aria-label="Portal custom domain" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-gray-900">Custom Domain</h2>
        <div className="flex gap-2">
          {domain.customDomainUrl && secure ? (
            <a href={domain.customDomainUrl} target="_blank" rel="noopener noreferrer" className={iconButton} aria-label="Open custom domain" title="Open">
              <ExternalIcon />
            </a>
          ) : null}
          {canEdit ? (
            <Link to="?edit=customdomain" preventScrollReset className={iconButton} aria-label="Edit custom domain" title="Edit">
              <WrenchIcon />
            </Link>
          ) : null}
        </div>
      </div>
      {domain.customDomain ? (
        <>
          {/* https:// only once the certificate can exist (ssl status active). */}
          <p className="font-mono text-sm break-all text-gray-900" data-testid="custom-domain">
            {secure ? `https://${domain.customDomain}` : domain.customDomain}
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
            DNS: <StatusBadge status={domain.cnameStatus} labels={CNAME_LABELS} />
            SSL: <StatusBadge status={domain.sslStatus} labels={{ active: 'Active', pending: 'Pending' }} />
          </p>
          {domain.cnameError ? <p className="text-sm text-red-700">{domain.cnameError}</p> : null}
        </>
      ) : (
        <p className="text-sm text-gray-500">No custom domain set yet.</p>
      )}
    </Card>
  )
}

export function SystemEmailsCard({ domain }: { domain: DomainJson }) {
  return (
    <Card aria-label="System Emails" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-gray-900">System Emails</h2>
        <Link to="/website-settings/system-emails" className={buttonClass('secondary')}>
          Edit templates
        </Link>
      </div>
      <p className="text-sm text-gray-700">
        Sent from <span className="font-mono">{domain.senderAddress}</span>
      </p>
      {domain.customDomain ? (
        <p className="flex items-center gap-2 text-sm text-gray-600">
          E-mail delivery: <StatusBadge status={domain.emailDeliveryStatus} labels={DELIVERY_LABELS} />
        </p>
      ) : null}
    </Card>
  )
}

function RecordTable({ caption, rows }: { caption: string; rows: { type: string; host: string; data: string; verified?: boolean }[] }) {
  return (
    <Table frame="scroll" className="data-table min-w-full divide-y divide-gray-200 text-sm">
      <caption className="mb-2 text-left text-sm font-medium text-gray-900">{caption}</caption>
      <THead>
        <Th>Type</Th>
        <Th>Host</Th>
        <Th>Value</Th>
        <Th>Status</Th>
      </THead>
      <TBody>
        {rows.map((r) => (
          <tr key={`${r.type}-${r.host}`}>
            <td className="font-mono">{r.type}</td>
            <td className="font-mono break-all">{r.host}</td>
            <td className="max-w-md font-mono text-xs break-all">{r.data}</td>
            <td>{r.verified === undefined ? null : <Badge tone={r.verified ? 'green' : 'amber'}>{r.verified ? 'Found' : 'Not found yet'}</Badge>}</td>
          </tr>
        ))}
      </TBody>
    </Table>
  )
}

/** Shown when a custom domain exists: what to add at the DNS provider, and a way to check again now. */
export function DnsInstructions({ domain, canEdit }: { domain: DomainJson; canEdit: boolean }) {
  if (!domain.customDomain) return null
  return (
    <Card aria-label="CNAME Setup" className="space-y-4">
      <h2 className="text-lg font-semibold text-gray-900">CNAME Setup</h2>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700">
        <li>Sign in to the company that manages the DNS of {domain.customDomain}.</li>
        <li>
          Add a <strong>CNAME</strong> record for <span className="font-mono">{domain.customDomain}</span> pointing to <span className="font-mono">{domain.cnameTarget}</span>.
        </li>
        <li>Add the two TXT records below so e-mail from your portal is delivered from your domain.</li>
        <li>Changes can take up to 48 hours to spread. We check every 15 minutes; the secure (https) address works once the CNAME is verified.</li>
      </ol>
      <RecordTable caption="Domain" rows={[{ type: 'CNAME', host: domain.customDomain, data: domain.cnameTarget, verified: domain.cnameStatus === 'verified' }]} />
      {domain.emailDeliveryData.length ? <RecordTable caption="E-mail delivery" rows={domain.emailDeliveryData} /> : null}
      {domain.lastCheckedAt ? <p className="text-xs text-gray-500">Last checked {new Date(domain.lastCheckedAt).toUTCString()}</p> : null}
      {canEdit ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="verify" />
          <button type="submit" className={buttonClass('secondary')}>
            Check DNS now
          </button>
        </Form>
      ) : null}
    </Card>
  )
}

function DomainField({ name, label, suffix, placeholder }: { name: string; label: string; suffix?: string; placeholder?: string }) {
  const id = useId()
  const { error, getInputProps } = useField(name, { validationBehavior: VALIDATE_ON_SUBMIT })
  const errorId = `${id}-error`
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex">
        <input
          {...getInputProps({ id, type: 'text', autoComplete: 'off', spellCheck: false, placeholder, className: `${inputClass} ${suffix ? 'rounded-r-none' : ''}` })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {suffix ? <span className="inline-flex items-center rounded-r-md border border-l-0 border-gray-300 bg-gray-50 px-3 text-sm text-gray-500">.{suffix}</span> : null}
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  )
}

function ModalButtons() {
  return (
    <div className="flex justify-end gap-3">
      <Link to={DOMAIN_PAGE} preventScrollReset className={buttonClass('secondary')}>
        Cancel
      </Link>
      <div className="w-28">
        <SubmitButton>Save</SubmitButton>
      </div>
    </div>
  )
}

export function SubdomainModal({ value, platformHost, hasCustomDomain }: { value: string; platformHost: string; hasCustomDomain: boolean }) {
  return (
    <PanelDialog title="Subdomain" closeTo={DOMAIN_PAGE}>
      <ValidatedForm method="post" validator={subdomainValidator} defaultValues={{ subDomain: value }} noValidate className="space-y-4">
        <input type="hidden" name="intent" value="subdomain" />
        <DomainField name="subDomain" label="Subdomain" suffix={platformHost} />
        <p className="text-xs text-gray-500">
          3 to 20 letters or digits. The old address stops working when you change it{hasCustomDomain ? ', and your custom domain’s CNAME must then point to the new one' : ''}.
        </p>
        <ModalButtons />
      </ValidatedForm>
    </PanelDialog>
  )
}

export function CustomDomainModal({ value }: { value: string }) {
  return (
    <PanelDialog title="Custom Domain" closeTo={DOMAIN_PAGE}>
      <ValidatedForm method="post" validator={customDomainValidator} defaultValues={{ customDomain: value }} noValidate className="space-y-4">
        <input type="hidden" name="intent" value="customdomain" />
        <DomainField name="customDomain" label="Custom Domain" placeholder="portal.example.com" />
        <p className="text-xs text-gray-500">A name of your own domain, such as portal.example.com; you then point it at us with a CNAME record.</p>
        <ModalButtons />
      </ValidatedForm>
    </PanelDialog>
  )
}
