// GET /api/domains/tls-ask?domain=: the TLS proxy's on-demand question "may I get a certificate for
// this host?" (Caddy's on_demand_tls ask). 200 only for a verified custom domain; 404 otherwise.
// Answered on any Host (server/tenant-host.ts): the proxy asks by address. It reveals no more than DNS does.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { mayIssueCertificate } from '#app/models/platform-domains.server'
import { methodNotAllowed } from '#app/services/api-request.server'
import { apiJson } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const domain = new URL(request.url).searchParams.get('domain')
  if (!domain) return apiJson({ status: false, error: 'domain is required' }, 400)
  return (await mayIssueCertificate(domain)) ? apiJson({ status: true }) : apiJson({ status: false, error: 'Not a verified custom domain' }, 404)
}

export const action = () => methodNotAllowed()
