// The image and compose.yaml (ADR 0089), checked without Docker (no images can be pulled here): every
// command runs a file the image carries, the image can write its uploads, and the build context is lean.
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const dockerfile = readFileSync('Dockerfile', 'utf8')
const compose = readFileSync('compose.yaml', 'utf8')
const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))

/** What the runtime stage copies from the build: paths under /app. */
const copied = [...runtimeStage.matchAll(/^COPY --from=build (.+) \S+$/gm)].flatMap((m) => m[1]!.split(' ').map((p) => p.replace(/^\/app\//, '')))
const carried = (file: string) => copied.some((c) => file === c || file.startsWith(`${c}/`))

describe('the image and compose.yaml', () => {
  it('runs only files that exist and that the image carries', () => {
    const commands = [...compose.matchAll(/command: \['npx', 'tsx', '([^']+)'\]/g)].map((m) => m[1]!)
    const cmd = runtimeStage.match(/^CMD .*$/m)![0]
    const fromCmd = [...cmd.matchAll(/npx tsx (\S+?)["\s&]/g)].map((m) => m[1]!)
    const documented = [...compose.matchAll(/npx tsx (\S+)/g)].map((m) => m[1]!)
    expect(commands.sort()).toEqual(['db/migrate.ts', 'jobs/worker.ts', 'server.ts'])
    for (const file of new Set([...commands, ...fromCmd, ...documented])) {
      expect(existsSync(file), file).toBe(true)
      expect(carried(file), `${file} is copied into the image`).toBe(true)
    }
  })

  it('gives the uploads directory to node before it becomes the user, and keeps the rest root-owned', () => {
    const storageDir = runtimeStage.match(/STORAGE_DIR=(\S+)/)?.[1]
    expect(storageDir).toBe('/app/.data/uploads')
    const chown = runtimeStage.indexOf(`chown node:node ${storageDir}`)
    const volume = runtimeStage.indexOf(`VOLUME ${storageDir}`)
    const user = runtimeStage.indexOf('USER node')
    expect(chown).toBeGreaterThan(-1)
    expect(volume).toBeGreaterThan(chown)
    expect(user).toBeGreaterThan(volume)
    expect(runtimeStage).not.toMatch(/chown -R node\S* \/app\s/)
    // Every container that writes files mounts the same volume there.
    expect(compose).toContain(`- uploads:${storageDir}`)
  })

  it('leaves node_modules, local data and git out of the build context', () => {
    const ignored = readFileSync('.dockerignore', 'utf8').split('\n')
    for (const entry of ['node_modules', '.data', '.git', 'build']) expect(ignored).toContain(entry)
  })

  it('checks health and passes each part the environment it needs', () => {
    for (const service of ['mariadb', 'redis', 'app', 'worker', 'lb']) {
      const block = compose.slice(compose.indexOf(`\n  ${service}:\n`) + 1).split(/\n {2}\S/)[0]!
      expect(block, service).toContain('healthcheck:')
    }
    for (const required of ['DATABASE_URL', 'REDIS_URL', 'SESSION_SECRET', 'PUBLIC_URL', 'SMTP_URL', 'TRUST_PROXY', 'STORAGE_BACKEND']) expect(compose).toContain(`  ${required}:`)
    expect(compose).toContain("RUN_WORKERS: 'false'")
    const haproxy = readFileSync('deploy/haproxy.cfg', 'utf8')
    expect(haproxy).toMatch(/option httpchk GET \/healthz/)
    expect(haproxy).toMatch(/server-template app \d+ app:3000 check/)
    // Sticky-free: any replica serves any request (sessions and fan-out are in Redis).
    expect(haproxy).not.toMatch(/^\s*(cookie|stick|balance source)/m)
  })
})
