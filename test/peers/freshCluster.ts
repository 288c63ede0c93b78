// A fresh PGlite cluster made once per test run (a project's global set-up) and handed to
// every test file (freshClusterSetup.ts, a set-up file), so each in-memory database a server
// opens starts from a copy of it instead of running initdb: seconds per open on a busy
// 2-core machine, and a run opens hundreds (servers/db/open.ts startInMemoryDatabasesFrom).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a fresh PGlite cluster (initdb's output, no migration applied); absent when making it failed. */
    freshCluster?: string
  }
}

export default async function freshCluster(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'portico-cluster-'))
  try {
    const client = await PGlite.create()
    const dump = await client.dumpDataDir('none')
    await client.close()
    const path = join(dir, 'fresh.tar')
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()))
    project.provide('freshCluster', path)
  } catch (error) {
    // Without it every open runs initdb, as it does outside the tests: slower, not wrong.
    console.warn(`tests: no fresh PGlite cluster to share, each in-memory database runs initdb: ${(error as Error).message}`)
  }
  return () => rmSync(dir, { recursive: true, force: true })
}
