// The second process of tests/integration/named-lock.test.ts: says it is ready, runs its burst on "go" (stdin),
// prints the attempts as one JSON line and exits.
import { burst } from './named-lock-burst'

const [lock, n, limit] = [process.env.TEST_LOCK_NAME!, Number(process.env.TEST_LOCK_BURST), Number(process.env.TEST_LOCK_LIMIT)]
console.log('lock child ready')
process.stdin.once('data', async () => {
  console.log(JSON.stringify(await burst(lock, n, limit)))
  process.exit(0)
})
