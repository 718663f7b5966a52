// /dev/mailbox (development and test only, from this machine only): the e-mails the local SMTP sink
// caught, newest first.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { env } from '#app/services/env.server'
import { readMailbox } from '#app/services/mail-sink.server'
import { redis } from '#app/services/redis.server'
import { Card } from '#app/ui/card'
import { isLoopback, isLoopbackHostname } from '#app/rules/loopback'
import { notFound, peerIp } from '#app/services/http.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const appEnv = env().APP_ENV
  if (appEnv !== 'development' && appEnv !== 'test') throw notFound()
  // Reset links and codes are in here: only a browser on this machine may read them, and only under
  // a loopback name (a page whose DNS name was rebound to 127.0.0.1 is refused).
  if (!isLoopback(peerIp(request)) || !isLoopbackHostname(new URL(request.url).hostname)) throw notFound()
  // The sink pushes new mail to the head of the list, so it already reads newest first.
  const mails = await readMailbox(redis())
  return { mails: mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, date: m.date, text: m.text })) }
}

export default function DevMailboxRoute() {
  const { mails } = useLoaderData<typeof loader>()
  return (
    <main className="mx-auto max-w-4xl space-y-4 p-6">
      <header>
        <h1 className="text-2xl font-semibold text-gray-900">Dev mailbox</h1>
        <p className="text-sm text-gray-500">E-mails sent by the app in this environment (newest first, last 50).</p>
      </header>
      {mails.length === 0 && <p className="text-gray-600">No e-mails yet.</p>}
      <ul className="space-y-4">
        {mails.map((mail, i) => (
          <li key={`${mail.id}-${i}`}>
            <Card aria-label={mail.subject || '(no subject)'}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="font-semibold text-gray-900">{mail.subject || '(no subject)'}</h2>
                <time dateTime={mail.date} className="text-xs text-gray-500">
                  {new Date(mail.date).toISOString().replace('T', ' ').slice(0, 19)} UTC
                </time>
              </div>
              <p className="mt-1 text-sm text-gray-600">To: {mail.to.join(', ')}</p>
              <pre className="mt-3 overflow-x-auto rounded-md bg-gray-50 p-3 text-sm whitespace-pre-wrap text-gray-800">{mail.text}</pre>
            </Card>
          </li>
        ))}
      </ul>
    </main>
  )
}

export const meta: MetaFunction = () => [{ title: 'Dev mailbox | Draftdesk' }]
