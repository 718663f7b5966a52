// Vitest's order of files: its own (failed and slow first from the last run's cache, else the biggest
// file first), except that the files known to take most of a minute start first. A clean clone has no
// cache, and a long file started last would run alone at the end of the phase while the cores idle.
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Each starts several processes or runs every migration up, down and up (tens of seconds). */
const SLOW = [
  'tests/integration/migrations.test.ts',
  'tests/integration/outbox-crash.test.ts',
  'tests/integration/cluster.test.ts',
  'tests/integration/resilience.test.ts',
  'tests/integration/backup-restore.test.ts',
]

const rank = (spec: TestSpecification) => {
  const index = SLOW.findIndex((file) => spec.moduleId.endsWith(file))
  return index === -1 ? SLOW.length : index
}

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    return sorted
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec)
  }
}
