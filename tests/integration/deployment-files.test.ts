// The image and compose.yaml (ADR 0089), checked without Docker (no images can be pulled here): every
// command runs a file the image carries, the image can write its uploads, and the build context is lean.
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { HEAP_LIMIT_MB, MALLOC_SETTINGS, withMemorySettings } from '../../scripts/process-memory.mjs'

const dockerfile = readFileSync('Dockerfile', 'utf8')
const compose = readFileSync('compose.yaml', 'utf8')
const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))

/** What the runtime stage copies from the build: paths under /app. */
const copied = [...runtimeStage.matchAll(/^COPY --from=build (.+) \S+$/gm)].flatMap((m) => m[1]!.split(' ').map((p) => p.replace(/^\/app\//, '')))
const carried = (file: string) => copied.some((c) => file === c || file.startsWith(`${c}/`))

describe('the image and compose.yaml', () => {
  it('runs only files that exist and that the image carries', () => {
    const commands = [...compose.matchAll(/command: \['node', '--import', 'tsx', '([^']+)'\]/g)].map((m) => m[1]!)
    const cmd = runtimeStage.match(/^CMD .*$/m)![0]
    const fromCmd = [...cmd.matchAll(/node --import tsx (\S+?)["\s&]/g)].map((m) => m[1]!)
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

  it('runs Node itself with the heap limit and allocator settings of scripts/process-memory.mjs, under 512 MB (ADR 0105)', () => {
    // Node as the server's own process (exec), not npm and tsx's launcher beside it, so SIGTERM reaches it.
    expect(runtimeStage).toMatch(/^CMD .*exec node --import tsx server\.ts/m)
    expect(runtimeStage).not.toMatch(/^CMD .*npx/m)
    const env = runtimeStage.match(/^ENV NODE_OPTIONS=.*$/m)?.[0] ?? ''
    expect(env).toContain(`NODE_OPTIONS=--max-old-space-size=${HEAP_LIMIT_MB}`)
    for (const [name, value] of Object.entries(MALLOC_SETTINGS)) expect(env).toContain(`${name}=${value}`)
    for (const service of ['app', 'worker']) {
      const block = compose.slice(compose.indexOf(`\n  ${service}:\n`) + 1).split(/\n {2}\S/)[0]!
      expect(block, service).toMatch(/limits:\n\s+memory: 512M/)
    }
    // What npm start, npm run worker, npm run cluster and the bench give their processes; a setting of the environment wins.
    expect(withMemorySettings({})).toEqual({ ...MALLOC_SETTINGS, NODE_OPTIONS: `--max-old-space-size=${HEAP_LIMIT_MB}` })
    expect(withMemorySettings({ NODE_OPTIONS: '--import=x --max-old-space-size=900', MALLOC_ARENA_MAX: '4' })).toMatchObject({
      NODE_OPTIONS: '--import=x --max-old-space-size=900',
      MALLOC_ARENA_MAX: '4',
    })
  })
})
