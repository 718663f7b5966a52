// Loaded into bench servers with NODE_OPTIONS=--import=<this file> when BENCH_MEMORY_DIR is set: every
// second the process writes where its memory is (V8 heap, external, array buffers, RSS, the heap limit)
// to <dir>/<pid>.json, which the scale section reads (the app itself has no such endpoint).
import fs from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'
import { isMainThread } from 'node:worker_threads'

const dir = process.env.BENCH_MEMORY_DIR
// Preloads also run in the process's other threads (tsx's loader thread): the main thread speaks for the process.
if (dir && isMainThread) {
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${process.pid}.json`)
  const write = () => {
    const usage = process.memoryUsage()
    const heap = v8.getHeapStatistics()
    const figures = {
      pid: process.pid,
      script: process.argv[1] ?? '',
      at: Date.now(),
      rss: usage.rss,
      heapTotal: usage.heapTotal,
      heapUsed: usage.heapUsed,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
      heapLimit: heap.heap_size_limit,
      mallocedMemory: heap.malloced_memory,
      peakMallocedMemory: heap.peak_malloced_memory,
      // Used bytes per V8 space (old, code, large objects, new, ...).
      spaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size])),
    }
    try {
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(figures))
      fs.renameSync(`${file}.tmp`, file)
    } catch {
      // A figure missed is no reason to stop the server.
    }
  }
  setInterval(write, 1000).unref()
  write()
}
