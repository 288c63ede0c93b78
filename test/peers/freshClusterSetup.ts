// Set-up file of the unit and e2e projects: in-memory databases start from the run's fresh
// cluster (freshCluster.ts), read from disk at the first one a file opens.
import { readFile } from 'node:fs/promises'
import { Blob } from 'node:buffer'
import { inject } from 'vitest'
import { startInMemoryDatabasesFrom } from '../../servers/db/inMemoryStart.ts'
import type {} from './freshCluster.ts'

const path = inject('freshCluster')
if (path) startInMemoryDatabasesFrom(async () => new Blob([await readFile(path)]) as unknown as globalThis.Blob)
