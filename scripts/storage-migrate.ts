// CLI: `npm run storage:migrate [-- --remove-local]` copies the local uploads directory (STORAGE_DIR or
// .data/uploads/<APP_ENV>) to the S3 bucket of the environment (S3_BUCKET, S3_ENDPOINT, ...). Run it
// before switching STORAGE_BACKEND to s3, and once more after the switch for what was written meanwhile.
import { parseStorageEnv } from '#app/services/env.server'
import { S3Storage } from '#app/services/s3-storage.server'
import { migrateLocalFiles } from '#app/services/storage-migrate.server'
import { localStorageDir, s3SettingsOf } from '#app/services/storage.server'

const storageEnv = parseStorageEnv(process.env)
const settings = s3SettingsOf(storageEnv)
if (!settings) {
  console.error('Set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY for a store other than AWS) to migrate to.')
  process.exit(2)
}
const fromDir = localStorageDir(storageEnv)
const to = new S3Storage(settings)
console.log(`Copying ${fromDir} to s3://${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}...`)
const report = await migrateLocalFiles({ fromDir, to, removeLocal: process.argv.includes('--remove-local'), log: console.log })
to.close()
console.log(`${report.copied} copied, ${report.skipped} already there, ${report.removed} removed from disk, ${report.failed.length} failed, ${report.ignored.length} ignored`)
for (const f of report.failed) console.error(`failed ${f.key}: ${f.error}`)
process.exit(report.failed.length ? 1 : 0)
