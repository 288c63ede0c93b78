// Orders and shards test files by how long each took on CI (durations.json), where vitest's
// own order needs a cache a fresh clone does not have: without it vitest runs big files first
// and shards by a hash of the path, which left the browser lanes 50 s apart and the unit
// project's longest file starting last.
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { splitIntoLanes } from './lanes.ts'

/** Seconds per file, by project then path from the repo root (test/timing/record.mjs writes it). */
export type Durations = Record<string, Record<string, number>>

const DURATIONS: Durations = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'))

/** A file the table does not know yet (a new one) counts as its project's median file. */
function median(seconds: number[]): number {
  const sorted = [...seconds].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 1
}

export class DurationSequencer extends BaseSequencer {
  private seconds(spec: TestSpecification): number {
    const table = DURATIONS[spec.project.name] ?? {}
    return table[relative(this.ctx.config.root, spec.moduleId)] ?? median(Object.values(table))
  }

  private name(spec: TestSpecification): string {
    return `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`
  }

  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!
    return splitIntoLanes(
      files,
      (spec) => this.seconds(spec),
      (spec) => this.name(spec),
      count,
    )[index - 1]!
  }

  /** Projects in vitest's order; within one, longest first, so no long file starts last and holds the run up alone. */
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files)
    const rank = new Map(base.map((spec, i) => [spec, i]))
    return [...base].sort((a, b) => {
      if (a.project.name !== b.project.name) return rank.get(a)! - rank.get(b)!
      return this.seconds(b) - this.seconds(a) || rank.get(a)! - rank.get(b)!
    })
  }
}
