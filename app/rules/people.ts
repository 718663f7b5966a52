// People rules shared by the browser and the server: role badges, the permission editor's toggles, generated passwords.
import { ALL_PERMISSIONS, closePermissions, lockedPermissions, type PermissionAction } from './permissions'

/** Contributor and Reviewer are role switches in the editor, not part of "full permissions". */
export const ROLE_SWITCHES = { contributor: 'WRITER', reviewer: 'REVIEWER' } as const
const ROLE_PERMISSIONS = new Set<string>(Object.values(ROLE_SWITCHES))

export const FULL_PERMISSION_SET: PermissionAction[] = ALL_PERMISSIONS.filter((a) => !ROLE_PERMISSIONS.has(a))

export function hasFullPermissions(permissions: PermissionAction[]): boolean {
  const held = new Set(permissions)
  return FULL_PERMISSION_SET.every((a) => held.has(a))
}

export const isContributor = (permissions: PermissionAction[]) => permissions.includes(ROLE_SWITCHES.contributor)
export const isReviewer = (permissions: PermissionAction[]) => permissions.includes(ROLE_SWITCHES.reviewer)

export type RoleBadge = 'Full Permissions' | 'Contributor' | 'Reviewer'

/** The badges of the users table's Tags column; an owner with no list has full access. */
export function roleBadges(role: string, permissions: PermissionAction[]): RoleBadge[] {
  const badges: RoleBadge[] = []
  if ((role === 'client' && permissions.length === 0) || hasFullPermissions(permissions)) badges.push('Full Permissions')
  if (isContributor(permissions)) badges.push('Contributor')
  if (isReviewer(permissions)) badges.push('Reviewer')
  return badges
}

/**
 * One click in the editor. Switching a permission on also switches on what it requires; switching
 * off is refused while an enabled permission still requires it (the toggle is locked).
 */
export function togglePermission(selected: PermissionAction[], action: PermissionAction, on: boolean): PermissionAction[] {
  if (on) return closePermissions([...selected, action])
  const current = closePermissions(selected)
  // Stryker disable next-line ConditionalExpression: the closure below puts a locked permission back anyway; the early return says why
  if (lockedPermissions(current).includes(action)) return current
  return closePermissions(current.filter((a) => a !== action))
}

/** 'Grant Full Permissions': sets every permission or clears them all; the role switches stay as they were. */
export function setFullPermissions(selected: PermissionAction[], on: boolean): PermissionAction[] {
  const roles = selected.filter((a) => ROLE_PERMISSIONS.has(a))
  return closePermissions(on ? [...FULL_PERMISSION_SET, ...roles] : roles)
}

export const GENERATED_PASSWORD_LENGTH = 18
export const GENERATED_PASSWORD_CHARSET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789&#$@-*!'

/** 18 characters from letters, digits and & # $ @ - * !, drawn without modulo bias. */
export function generatePassword(randomBytes: (n: number) => Uint8Array = defaultRandomBytes): string {
  const charset = GENERATED_PASSWORD_CHARSET
  const limit = 256 - (256 % charset.length)
  let out = ''
  while (out.length < GENERATED_PASSWORD_LENGTH) {
    for (const byte of randomBytes(32)) {
      if (byte < limit && out.length < GENERATED_PASSWORD_LENGTH) out += charset[byte % charset.length]
    }
  }
  return out
}

function defaultRandomBytes(n: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(n))
}
