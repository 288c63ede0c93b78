import type { DemoIsland } from './islands.mjs'

/**
 * Loads one of the demo's islands (demo/islands.mjs) by URL. The URL is not a literal on
 * purpose: a bundler leaves `import(url)` alone, so the island stays out of the kit's
 * chunks in every build of the demo.
 *
 * @example
 * const { signHello } = await loadIsland<typeof import('./signing.ts')>('signing')
 */
export function loadIsland<T>(name: DemoIsland): Promise<T> {
  const url = `/assets/islands/${name}.js`
  return import(/* built apart, see demo/islands.mjs */ url) as Promise<T>
}
