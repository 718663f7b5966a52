// GET /healthz: 200 when the database and Redis answer (load balancers and the test runner wait on it).
import { sql } from 'kysely'
import { platformDb } from '#app/services/db.server'
import { redis } from '#app/services/redis.server'

export async function loader() {
  try {
    await sql`SELECT 1`.execute(platformDb)
    await redis().ping()
    return Response.json({ status: true })
  } catch {
    return Response.json({ status: false }, { status: 503 })
  }
}
