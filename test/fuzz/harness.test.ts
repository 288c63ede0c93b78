import { setTimeout as sleep } from 'node:timers/promises'
import { Worker } from 'node:worker_threads'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { fuzz } from './harness.ts'

/** CPU this process spends on another thread, not caused by the case: as V8 collecting earlier cases' garbage on its helper threads. */
const BUSY_THREAD = 'const end = Date.now() + 1200; while (Date.now() < end);'

it('runs a slow case again once the process is quiet: CPU of other threads that began before the case is not counted twice', { timeout: 20_000 }, async () => {
  let worker: Worker | undefined
  let runs = 0
  await fuzz(
    {
      name: 'harness: CPU of another thread',
      cases: fc.constant(0),
      prepare: () => {
        worker ??= new Worker(BUSY_THREAD, { eval: true })
      },
      // Uses next to no CPU itself: waits until the process has used 110 ms of CPU, or 1 s.
      run: async () => {
        runs += 1
        const cpu = process.cpuUsage()
        const begin = performance.now()
        while (performance.now() - begin < 1_000) {
          const used = process.cpuUsage(cpu)
          if ((used.user + used.system) / 1000 > 110) break
          await sleep(5)
        }
      },
      refuses: () => false,
    },
    1,
  )
  // The first run took over 100 ms (the other thread's CPU), the second ran after that thread had ended.
  expect(runs).toBe(2)
  await worker?.terminate()
})
