// Copies the files kept on local disk to the S3 store (`npm run storage:migrate`): idempotent, so it can be
// run again after a failure or while the app still writes to disk, and only what is missing or different moves.
import { createHash } from 'node:crypto'
import { createReadStream, promises as fs } from 'node:fs'
import path from 'node:path'
import type { S3Storage } from './s3-storage.server'
import { isStorageKey } from './storage.server'

export type MigrationReport = { copied: number; skipped: number; removed: number; failed: { key: string; error: string }[]; ignored: string[] }

async function md5Of(file: string): Promise<string> {
  const hash = createHash('md5')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/**
 * Already there: same size and, where the store's ETag is a plain MD5 (not a multipart upload's), the
 * same bytes. A multipart object of the right size counts as there: only this command and the app
 * write keys, and keys are never reused for other bytes.
 */
async function alreadyStored(to: S3Storage, key: string, file: string, size: number): Promise<boolean> {
  const info = await to.info(key)
  if (!info || info.size !== size) return false
  if (!info.etag || info.etag.includes('-')) return true
  return info.etag === (await md5Of(file))
}

/**
 * Moves every file under `fromDir` whose name is a storage key to `to`; other names (temporary files,
 * anything a person left there) are listed as ignored and never touched. With `removeLocal`, a file is
 * deleted from disk only once the store holds it. `concurrency` uploads run side by side.
 */
export async function migrateLocalFiles(opts: {
  fromDir: string
  to: S3Storage
  removeLocal?: boolean
  concurrency?: number
  log?: (line: string) => void
}): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, skipped: 0, removed: 0, failed: [], ignored: [] }
  let names: string[]
  try {
    names = await fs.readdir(opts.fromDir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return report
    throw error
  }
  await opts.to.ensureBucket()
  const queue = names.sort()
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      const file = path.join(opts.fromDir, name)
      const stat = await fs.lstat(file)
      if (!stat.isFile() || !isStorageKey(name)) {
        report.ignored.push(name)
        continue
      }
      try {
        if (await alreadyStored(opts.to, name, file, stat.size)) report.skipped++
        else {
          await opts.to.putStream(name, createReadStream(file))
          if ((await opts.to.info(name))?.size !== stat.size) throw new Error('the store holds a different size after the upload')
          report.copied++
          opts.log?.(`copied ${name} (${stat.size} bytes)`)
        }
        if (opts.removeLocal) {
          await fs.rm(file, { force: true })
          report.removed++
        }
      } catch (error) {
        report.failed.push({ key: name, error: error instanceof Error ? error.message : String(error) })
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, worker))
  report.ignored.sort()
  return report
}
