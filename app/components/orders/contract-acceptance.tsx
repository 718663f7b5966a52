// The contract a customer accepted at checkout, as kept with the order: who, when, from where, the
// text's SHA-256 and the text itself (in a keyboard-scrollable region).
import type { ContractAcceptanceJson } from '#app/models/contract-acceptances.server'
import { formatDateTime } from './project-overview'

export function ContractAcceptance({ acceptance, headingLevel = 'h2' }: { acceptance: ContractAcceptanceJson; headingLevel?: 'h1' | 'h2' }) {
  const Heading = headingLevel
  return (
    <section aria-labelledby="signed-agreement" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <Heading id="signed-agreement" className="text-base font-semibold text-gray-900">
        Signed agreement: {acceptance.title}
      </Heading>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-600">Signed by</dt>
        <dd>{acceptance.signedName}</dd>
        <dt className="text-gray-600">On</dt>
        <dd>
          <time dateTime={acceptance.acceptedAt}>{formatDateTime(acceptance.acceptedAt)}</time>
        </dd>
        <dt className="text-gray-600">From</dt>
        <dd>{acceptance.ip}</dd>
        <dt className="text-gray-600">SHA-256</dt>
        <dd className="font-mono text-xs break-all">{acceptance.sha256}</dd>
      </dl>
      <div
        className="mt-3 max-h-72 overflow-y-auto rounded-md bg-gray-50 p-3 text-sm text-gray-800 ring-1 ring-gray-200"
        role="region"
        aria-label={`Text of ${acceptance.title}`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        // Sanitized when the contract was shown at checkout (sanitizeContractHtml) and stored as such.
        dangerouslySetInnerHTML={{ __html: acceptance.html }}
      />
    </section>
  )
}
