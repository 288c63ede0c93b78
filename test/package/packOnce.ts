import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { type PackReport, pack } from '../../scripts/pack.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The package as `npm pack` made it, once for the whole package project. */
    packed: PackReport
  }
}

/**
 * The package project's global set-up: builds and packs Portico once, so every test
 * file installs the same tarball instead of each building its own (a build is ~30 s).
 */
export default async function packOnce(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'portico-packed-'))
  project.provide('packed', await pack(join(dir, 'portico.tgz')))
  return () => rmSync(dir, { recursive: true, force: true })
}
