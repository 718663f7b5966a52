// TOTP two-factor authentication (ADR 0012): platform tables keyed by the account (users.id).
import type { Generated, Selectable } from 'kysely'
import type { Timestamp } from './core'

export interface TotpCredentialsTable {
  user_id: number
  secret_encrypted: string
  /** NULL while enrolment waits for the first code. */
  enabled_at: Date | null
  /** The last accepted time step (unix seconds / 30): replayed and older codes are refused. */
  last_used_step: number | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface TotpRecoveryCodesTable {
  id: Generated<number>
  user_id: number
  code_hash: string
  used_at: Date | null
  created_at: Timestamp
}

export interface TwoFactorTables {
  totp_credentials: TotpCredentialsTable
  totp_recovery_codes: TotpRecoveryCodesTable
}

export type TotpCredential = Selectable<TotpCredentialsTable>
