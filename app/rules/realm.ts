// How messages name the realm an account belongs to (ADR 11): the platform, or its organisation.

export const PLATFORM_REALM_NAME = 'Draftdesk platform'

export function realmDisplayName(clientId: number | null, organisationName: string | null | undefined): string {
  if (clientId === null) return PLATFORM_REALM_NAME
  return organisationName || 'your organisation'
}
