import { appendFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import fc from 'fast-check'
import { expect } from 'vitest'
import { PorticoError } from '../../kernel/errors/base.ts'

/**
 * Runs one fuzz target: a flow's entry function fed generated cases. Per case it asserts
 * that the flow does not throw (a rejection with a PorticoError, the kit's clear error,
 * is the flow refusing, which is allowed where the target says so), that no built-in
 * prototype gained or changed a property, that a refused input left the flow's state as
 * it was, and that the case took at most 100 ms of CPU time (1 MiB inputs included) and 5 s of wall time.
 *
 * PORTICO_FUZZ_RUNS sets the cases per target (CI: 100; `npm run fuzz`: 100,000). When
 * PORTICO_FUZZ_REPORT names a file, each target appends one JSON line with its figures.
 */
export const FUZZ_RUNS = Number(process.env.PORTICO_FUZZ_RUNS ?? 100)

/** The vitest timeout for one target at FUZZ_RUNS cases: the per-case bound with room for setup. */
export const fuzzTimeout = (casesPerTarget = FUZZ_RUNS) => 60_000 + casesPerTarget * 100

export interface FuzzTarget<T> {
  /** How the report names it: the schema and the flow, e.g. 'AnnouncementSchema (EIP-6963 discovery)'. */
  readonly name: string
  readonly cases: fc.Arbitrary<T>
  /** Puts the case where the flow reads it (e.g. into storage), before the state is taken. */
  prepare?(input: T): void
  /** Feeds one case to the flow's entry function. */
  run(input: T): unknown
  /** Whether the input is one the flow must refuse (usually: the schema refuses it). */
  refuses(input: T): boolean
  /** The flow's observable state; compared before and after each refused case. */
  state?(): unknown
  /** For flows whose refusal is only known from their answer (a server's 400): refused when this says so. */
  refusedWhen?(result: unknown): boolean
  /** Undoes an accepted case (e.g. unregisters the wallet) so that cases do not pile up. */
  after?(input: T): void
  /** The flow may reject with the kit's own error (a PorticoError) instead of returning. */
  readonly mayReject?: boolean
}

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype, Promise.prototype] as const

/** The own properties of the built-in prototypes with their values, flattened, to tell a polluted one cheaply. */
function prototypeFingerprint(): unknown[] {
  return PROTOTYPES.flatMap((proto) =>
    Reflect.ownKeys(proto).flatMap((key) => {
      const descriptor = Object.getOwnPropertyDescriptor(proto, key)!
      return [key, descriptor.value, descriptor.get, descriptor.set]
    }),
  )
}

const samePrototypes = (before: unknown[], after: unknown[]) => before.length === after.length && before.every((item, index) => Object.is(item, after[index]))

/** The schema refuses `input`: its safeParse fails or throws (a hostile getter). */
export function refusedBy(check: (input: unknown) => { success: boolean }) {
  return (input: unknown) => {
    try {
      return !check(input).success
    } catch {
      return true
    }
  }
}

/**
 * The bound per case, in CPU time of this process: the 2 cores are shared with other test
 * runs, and wall time measured the machine's load (a 1 MiB API answer took 126 to 450 ms of
 * wall time at load 12 to 15). Wall time only catches a hang.
 */
const CASE_MS = 100
const WALL_MS = 5_000

let gc: (() => void) | undefined
/** V8's full collection, exposed at run time (vitest starts its workers without --expose-gc). */
function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc')
    gc = runInNewContext('gc') as () => void
  }
  gc()
}

/** The process counts as quiet after two 20 ms windows in which it used under 2 ms of CPU; 2 s at most. */
const QUIET_WINDOW_MS = 20
const QUIET_CPU_MS = 2
const SETTLE_MS = 2_000

/**
 * Before a slow case runs again: the heap collected and the process quiet. V8 collects the
 * garbage of earlier cases on helper threads of this process and in pauses, in whichever case
 * is running: the frame server's POST /v1/email/start uses 10 to 35 ms of the main thread's
 * CPU to send a login mail, yet the process used 80 to 130 ms in the cases that a major
 * collection fell into (one in about 110 on a quiet machine); on a loaded machine, where one
 * collection can span both runs, the target failed at 177 and 218 ms after 12,000 and 17,000
 * cases. The rerun measures the input's own work, the garbage it makes included.
 */
async function settle(): Promise<void> {
  collectGarbage()
  const deadline = performance.now() + SETTLE_MS
  for (let quiet = 0; quiet < 2 && performance.now() < deadline; ) {
    const cpu = process.cpuUsage()
    await sleep(QUIET_WINDOW_MS)
    const used = process.cpuUsage(cpu)
    quiet = (used.user + used.system) / 1000 < QUIET_CPU_MS ? quiet + 1 : 0
  }
}

export async function fuzz<T>(target: FuzzTarget<T>, numRuns = FUZZ_RUNS): Promise<void> {
  const prototypes = prototypeFingerprint()
  let slowest = 0
  const started = performance.now()

  const once = async (input: T) => {
    const begin = performance.now()
    const cpu = process.cpuUsage()
    let result: unknown
    try {
      result = await target.run(input)
    } catch (error) {
      if (!(target.mayReject && error instanceof PorticoError)) throw error
    }
    const used = process.cpuUsage(cpu)
    return { took: (used.user + used.system) / 1000, wall: performance.now() - begin, result }
  }

  const property = fc.asyncProperty(target.cases, async (input) => {
    const refused = target.refuses(input)
    target.prepare?.(input)
    const before = (refused || target.refusedWhen) && target.state ? await target.state() : undefined
    let took: number
    try {
      const outcome = await once(input)
      took = outcome.took
      expect(outcome.wall, `one case hung ${outcome.wall.toFixed(0)} ms`).toBeLessThanOrEqual(WALL_MS)
      const now = prototypeFingerprint()
      if (!samePrototypes(prototypes, now)) expect(now, 'a built-in prototype changed').toEqual(prototypes)
      if ((refused || target.refusedWhen?.(outcome.result)) && target.state) expect(await target.state(), 'a refused input changed the state').toEqual(before)
    } finally {
      target.after?.(input)
    }
    // Garbage collection can stretch one run; a slow input is slow twice, on a collected heap too.
    if (took > CASE_MS) {
      try {
        target.prepare?.(input)
        await settle()
        took = Math.min(took, (await once(input)).took)
      } finally {
        target.after?.(input)
      }
    }
    slowest = Math.max(slowest, took)
    expect(took, `one case took ${took.toFixed(1)} ms of CPU`).toBeLessThanOrEqual(CASE_MS)
  })

  const details = await fc.check(property, { numRuns, endOnFailure: false })
  const report = process.env.PORTICO_FUZZ_REPORT
  if (report) {
    const line = {
      target: target.name,
      cases: details.numRuns,
      crashes: details.failed ? 1 : 0,
      slowestMs: Number(slowest.toFixed(2)),
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    }
    appendFileSync(report, `${JSON.stringify(line)}\n`)
  }
  if (details.failed) throw new Error(`${fc.defaultReportMessage(details) ?? 'fuzz target failed'}\n${String(details.errorInstance)}`)
}
