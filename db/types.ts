// The typed database: each domain declares its tables in db/tables/<domain>.ts.
import type { AnalyticsTables } from './tables/analytics'
import type { BillingTables } from './tables/billing'
import type { BriefTables } from './tables/brief'
import type { ChatTables } from './tables/chat'
import type { ContentTables } from './tables/content'
import type { CrmTables } from './tables/crm'
import type { CoreTables } from './tables/core'
import type { DraftResponseTables } from './tables/draft-responses'
import type { EmailTables } from './tables/emails'
import type { LeadTables } from './tables/leads'
import type { NotificationTables } from './tables/notifications'
import type { OrderTables } from './tables/orders'
import type { OutboxTables } from './tables/outbox'
import type { PeopleTables } from './tables/people'
import type { PlatformTables } from './tables/platform'
import type { PortalTables } from './tables/portal'
import type { PreferenceTables } from './tables/preferences'
import type { ReportTables } from './tables/reports'
import type { TwoFactorTables } from './tables/two-factor'
import type { WebsiteTables } from './tables/website'
import type { WorkflowTables } from './tables/workflows'

export * from './tables/core'

export interface Database
  extends
    AnalyticsTables,
    CoreTables,
    PeopleTables,
    PlatformTables,
    WorkflowTables,
    ContentTables,
    TwoFactorTables,
    OrderTables,
    BillingTables,
    NotificationTables,
    WebsiteTables,
    ChatTables,
    EmailTables,
    LeadTables,
    CrmTables,
    ReportTables,
    PortalTables,
    DraftResponseTables,
    BriefTables,
    PreferenceTables,
    OutboxTables {}
