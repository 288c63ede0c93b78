import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../../build.mjs'

/**
 * Every TypeScript example of the README, as a file of an app's src/. package.test.ts
 * compiles them in its app importing every entry (one program checks both); readme.test.ts runs them.
 */
export const README_EXAMPLES = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/```(ts|tsx)\n([\s\S]*?)```/g)].map((match, index) => ({
  file: `src/readme-${index}.${match[1]}`,
  code: match[2]!,
}))
