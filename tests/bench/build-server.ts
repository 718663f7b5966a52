// Starts one production build's server.ts for the side-by-side benches (ab-builds.ts, instructions.ts).
// A build may name its checkout (`/tmp/base:build`): its server.ts, server/ and memory settings then run too,
// so a change outside the Remix build (the Express layer, the process's settings) compares as well.
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

/** `wrapper`: a program the server runs under (valgrind and its options), its path first. */
export async function startBuild(build: string, port: number, opts: { env?: Record<string, string>; wrapper?: string[]; startSeconds?: number } = {}): Promise<ChildProcess> {
  const [dir, buildDir] = build.includes(':') ? (build.split(':') as [string, string]) : [process.cwd(), build]
  // The checkout's own memory settings (ADR 0105), as npm start and the image run the server.
  const { withMemorySettings } = (await import(path.resolve(dir, 'scripts/process-memory.mjs'))) as { withMemorySettings: (env: NodeJS.ProcessEnv) => NodeJS.ProcessEnv }
  const [program, ...args] = [...(opts.wrapper ?? []), process.execPath, '--import', 'tsx', 'server.ts']
  const child = spawn(program!, args, {
    cwd: dir,
    env: withMemorySettings({
      ...process.env,
      ...opts.env,
      PORT: String(port),
      NODE_ENV: 'production',
      RUN_WORKERS: 'false',
      BUILD_DIR: buildDir,
      SMTP_SINK_PORT: String(port - 700),
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const until = Date.now() + (opts.startSeconds ?? 180) * 1000
  while (Date.now() < until && child.exitCode === null) {
    try {
      if ((await fetch(`http://localhost:${port}/healthz`)).ok) return child
    } catch {}
    await new Promise((r) => setTimeout(r, 150))
  }
  child.kill('SIGTERM')
  throw new Error(`${build} did not start`)
}
