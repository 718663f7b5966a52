// Seeds the demo data: deterministic and idempotent; --if-empty skips a database that has data.
import { createDatabase } from '../connection'
import { seedAnalytics } from './analytics'
import { seedDemoBilling } from './billing'
import { seedChat } from './chat'
import { seedContent } from './content'
import { seedCore } from './core'
import { seedLeads } from './leads'
import { seedOrders } from './orders'
import { seedPeople, seedPortalCustomer } from './people'
import { seedPlatform } from './platform'
import { seedPortalCustomerOrders } from './portal-orders'
import { seedPortalCustomerDrafts } from './portal-drafts'
import { seedPortalMessages } from './portal-messages'
import { seedWorkflows } from './workflows'

export async function seed({ ifEmpty = false } = {}) {
  const db = createDatabase().withoutPlugins()
  try {
    if (ifEmpty && (await db.selectFrom('organisations').select('id').limit(1).executeTakeFirst())) {
      console.log('Database has data: seed skipped')
      return
    }
    const orgIds = await seedCore(db)
    await seedPeople(db, orgIds)
    await seedPlatform(db, orgIds)
    // The demo organisation's plan, subscription and payout account (fixtures of the Stripe emulator).
    await seedDemoBilling(db, orgIds)
    // Products (in workflows) attach files and contracts, so content comes first.
    await seedContent(db, orgIds)
    await seedWorkflows(db, orgIds)
    // Orders snapshot the products' workflows and need the people above.
    await seedOrders(db, orgIds)
    await seedChat(db, orgIds)
    await seedLeads(db, orgIds)
    await seedPortalCustomer(db, orgIds)
    // After the orders above, so their customers and ids stay as they were; before the rollups, which count them.
    await seedPortalCustomerOrders(db, orgIds)
    await seedPortalCustomerDrafts(db, orgIds)
    await seedPortalMessages(db, orgIds)
    // The dashboard reads rollups only: built from the seeded rows, once they are all there.
    await seedAnalytics(db, orgIds)
    console.log('Seeded demo data')
  } finally {
    await db.destroy()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  seed({ ifEmpty: process.argv.includes('--if-empty') }).catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
