import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../../build.mjs'

// The example apps' own scripts are what an integrator runs first: a server one starts must
// listen on 127.0.0.1 only (Next.js and Vite otherwise answer on every interface).
const SERVER = /\b(next (dev|start)|vite( (dev|preview|serve))?)( |$)/

const examples = readdirSync(join(ROOT, 'examples'), { withFileTypes: true }).filter((entry) => entry.isDirectory())
const serverScripts = examples.flatMap(({ name }) => {
  const { scripts = {} } = JSON.parse(readFileSync(join(ROOT, 'examples', name, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }
  return Object.entries(scripts)
    .filter(([, command]) => SERVER.test(command) && !/\bvite build\b/.test(command))
    .map(([script, command]) => ({ example: name, script, command }))
})

describe("the example apps' servers", () => {
  it('Next.js examples have dev and start scripts (what the rule below holds)', () => {
    expect(serverScripts.map(({ example, script }) => `${example}:${script}`)).toEqual(
      expect.arrayContaining(['next-app:dev', 'next-app:start', 'wagmi-next:dev', 'wagmi-next:start']),
    )
  })

  it.each(serverScripts)('$example: `$script` listens on 127.0.0.1 only', ({ command }) => {
    expect(command).toMatch(/(--hostname|--host|-H) 127\.0\.0\.1\b/)
  })
})
