// The /profile card that leads to the two-factor set-up page (/profile/security, ADR 0012).
import { ButtonLink } from '#app/ui/button'
import { Card } from '#app/ui/card'

export function TwoFactorCard() {
  return (
    <Card aria-label="Two-factor authentication">
      <h2 className="mb-2 text-lg font-semibold text-gray-900">Two-factor authentication</h2>
      <p className="mb-4 text-sm text-gray-700">Sign in with your password and a code from an authenticator app.</p>
      <ButtonLink to="/profile/security" variant="secondary">
        Manage two-factor authentication
      </ButtonLink>
    </Card>
  )
}
