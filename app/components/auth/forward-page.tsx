// A page that sends the browser on to another of our hosts (ADR 0059). A form post cannot simply be redirected
// there: the CSP's form-action 'self' stops that navigation. A refresh moves on without JavaScript, a location
// change with it, and a link is there for anything else.
import { useEffect } from 'react'
import { primaryButtonClass } from '#app/components/form-parts'
import { AuthHeading } from './auth-shell'

export function ForwardPage({ url, title, subtitle, label }: { url: string; title: string; subtitle?: string; label: string }) {
  useEffect(() => {
    window.location.replace(url)
  }, [url])
  return (
    <>
      <meta httpEquiv="refresh" content={`0;url=${url}`} />
      <AuthHeading title={title} subtitle={subtitle} />
      <a href={url} className={primaryButtonClass}>
        {label}
      </a>
    </>
  )
}
