import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { resolve } from 'node:path'

export interface SiwxServerPeer {
  readonly url: string
  stop(): Promise<void>
}

/** Starts siwxServerPeer.ts with tsx and resolves once it listens. */
export function startSiwxServer(options: { domains: string[]; rpcUrls: Record<string, string> }): Promise<SiwxServerPeer> {
  // import.meta.dirname, not a URL: under jsdom `URL` is jsdom's.
  const root = resolve(import.meta.dirname, '../../..')
  const child = spawn(resolve(root, 'node_modules/.bin/tsx'), [resolve(root, 'plugins/siwx/test/siwxServerPeer.ts'), JSON.stringify(options)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((done, reject) => {
    child.once('exit', (code) => reject(new Error(`the siwx server exited (${code}) before listening`)))
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const { port } = JSON.parse(line) as { port: number }
      done({
        url: `http://127.0.0.1:${port}`,
        stop: async () => {
          child.kill('SIGTERM')
          await exited
        },
      })
    })
  })
}
