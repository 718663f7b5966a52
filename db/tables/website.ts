// Website settings (issue 11, ADR 0044): the portal's branding and its domains (custom domain, DKIM).
import type { ColumnType, Selectable } from 'kysely'
import type { Timestamp } from './core'

/**
 * Customize Client Portal. companyName and the logo live on the organisation (its name and logo,
 * shown in the shell and the login picker); everything else here. A null colour is the default look.
 */
export interface WebsiteCustomizationsTable {
  client_id: number
  company_phone: string
  company_address: string
  company_email: string
  welcome_img: string | null
  login_img: string | null
  top_bar_bg_color: string | null
  side_bar_bg_color: string | null
  footer_bg_color: string | null
  top_bar_text_color: string | null
  side_bar_text_color: string | null
  footer_text_color: string | null
  side_bar_active_color: string | null
  side_bar_icon_color: string | null
  twitter_link: string | null
  facebook_link: string | null
  linkedin_link: string | null
  youtube_link: string | null
  instagram_link: string | null
  pinterest_link: string | null
  updated_at: Timestamp
}

export type DnsCheckStatus = 'pending' | 'verified' | 'failed'

/**
 * The organisation's custom domain and sending-domain keys. The subdomain stays on organisations
 * (the checkout reserves it there). Hostnames are unique across the platform.
 */
export interface OrganisationDomainsTable {
  client_id: number
  custom_domain: string | null
  cname_status: ColumnType<DnsCheckStatus, DnsCheckStatus | undefined, DnsCheckStatus>
  cname_checked_at: Date | null
  cname_verified_at: Date | null
  cname_error: string | null
  email_status: ColumnType<DnsCheckStatus, DnsCheckStatus | undefined, DnsCheckStatus>
  email_checked_at: Date | null
  email_error: string | null
  /** Per-record results of the last e-mail check: { spf: boolean, dkim: boolean }. */
  email_records: ColumnType<Record<string, boolean> | null, string | null | undefined, string | null>
  dkim_selector: string | null
  dkim_public_key: string | null
  /** PKCS#8 PEM, encrypted at rest (encryptSecret with the 'dkim-encryption' key). */
  dkim_private_key: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

/**
 * A subdomain an organisation released (renamed away from), held for it for 30 days (ADR 0081). A platform
 * table, not a tenant one: every organisation's checkout and rename reads it to know whether a name is free.
 */
export interface SubdomainHoldsTable {
  subdomain: string
  released_by: number
  held_until: Date
  created_at: Timestamp
}

export interface WebsiteTables {
  website_customizations: WebsiteCustomizationsTable
  organisation_domains: OrganisationDomainsTable
  subdomain_holds: SubdomainHoldsTable
}

export type WebsiteCustomization = Selectable<WebsiteCustomizationsTable>
export type OrganisationDomain = Selectable<OrganisationDomainsTable>

export const WEBSITE_TENANT_TABLES = ['website_customizations', 'organisation_domains'] as const
