import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { catalogueVitePlugin } from './scripts/catalogues.mjs'
import { DurationSequencer } from './test/timing/sequencer.ts'

// Three projects: fast unit tests beside the code (node by default; a file opts into
// jsdom with `// @vitest-environment jsdom`), browser tests in real Chromium, and the
// packed package as an app installs and compiles it.
export default defineConfig({
  // Message catalogues load compiled, as the build ships them.
  plugins: [catalogueVitePlugin],
  test: {
    // Longest files first, and the browser lanes split by recorded time (test/timing/).
    sequence: { sequencer: DurationSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Some unit files start real peers (Hardhat, litesvm, a relay); on a busy 2-core
          // machine a node can take tens of seconds to answer, which is not a failure.
          hookTimeout: 120_000,
          testTimeout: 30_000,
          // Vitest's default is one worker less than the cores: one on CI's 2 cores, where a
          // file waiting for its peer or building its jsdom leaves the other core idle. Every
          // unit file takes ports of its own (no two files share one), so they can run side by side.
          maxWorkers: Math.max(2, availableParallelism()),
          // One fresh PGlite cluster per run, copied by every in-memory database (no initdb each).
          // And one initdb for the files that start a real PostgreSQL (each copies its folder).
          globalSetup: ['test/peers/freshCluster.ts', 'test/peers/postgresTemplate.ts'],
          setupFiles: ['test/peers/freshClusterSetup.ts', 'test/unit/domSetup.ts'],
          include: [
            'protocol/**/*.test.{ts,tsx}',
            'services/**/*.test.{ts,tsx}',
            'kernel/**/*.test.{ts,tsx}',
            'plugins/**/*.test.{ts,tsx}',
            'shell/**/*.test.{ts,tsx}',
            'host/**/*.test.{ts,tsx}',
            'test/unit/**/*.test.{ts,tsx}',
            'test/fuzz/**/*.test.{ts,tsx}',
            'frame/**/*.test.{ts,tsx}',
            'servers/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/**/*.e2e.test.ts'],
          // The demo built once and the demo's two Hardhat chains, shared by the files (each
          // gets the chains back at genesis); a file that needs its own still starts it.
          globalSetup: ['test/peers/freshCluster.ts', 'test/e2e/sharedStack.ts'],
          setupFiles: ['test/peers/freshClusterSetup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time: every file listens on the demo's fixed ports. npm test runs two
          // such runs side by side, each in a network namespace of its own (scripts/test.mjs).
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'package',
          include: ['test/package/**/*.test.ts'],
          globalSetup: ['test/package/packOnce.ts'],
          environment: 'node',
          // Each file mostly waits: on npm installing its apps (the network and the disk) and
          // on the bundlers it starts as child processes. Side by side, one file's install
          // overlaps another's build instead of the files queueing behind one worker.
          maxWorkers: 4,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
})
