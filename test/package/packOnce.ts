import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { type PackReport, pack } from '../../scripts/pack.mjs'
import { installPackageAlone } from './exampleApps.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The package as `npm pack` made it, once for the whole package project. */
    packed: PackReport
    /** An empty app with only the tarball installed: its node_modules is Portico and what it brings. */
    packageInstalled: string
  }
}

/**
 * The package project's global set-up: builds and packs Portico once, so every test
 * file installs the same tarball instead of each building its own (a build is ~30 s),
 * and installs it once alone, so each example's install links Portico and its
 * dependencies (viem and ox are 14,000 files) instead of unpacking them again.
 */
export default async function packOnce(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'portico-packed-'))
  const packed = await pack(join(dir, 'portico.tgz'))
  project.provide('packed', packed)
  const alone = join(dir, 'installed-alone')
  mkdirSync(alone)
  writeFileSync(join(alone, 'package.json'), JSON.stringify({ name: 'portico-alone', private: true }))
  await installPackageAlone(alone, packed.tarball)
  project.provide('packageInstalled', alone)
  return () => rmSync(dir, { recursive: true, force: true })
}
