import type { PluginBody } from './manifest.ts'

/**
 * The chunk a failed `import()` names: Chromium keeps a failed module fetch in the
 * document's module map (as the HTML spec has it), so importing the same chunk again
 * fails at once without asking the network, and a Retry after a dropped connection
 * would never load. Chromium and Firefox name the chunk in their error ("Failed to
 * fetch dynamically imported module: <url>", "error loading dynamically imported
 * module: <url>"); Safari does not, and retries the fetch itself.
 */
export function failedChunkUrl(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : ''
  const url = /dynamically imported module: (https?:\/\/\S+?\.m?js)(?:[?#]\S*)?$/.exec(message)?.[1]
  return url
}

/**
 * Imports the chunk again under a query string of its own: a new entry in the module
 * map, so a new fetch. What the chunk imports in turn resolves to the modules already
 * loaded, so nothing runs twice. An app's bundler must leave this import alone: the
 * comment serves Vite on the sources (tests, the demo); minification drops it, so the
 * package build writes every bundler's hint into dist/ (RUNTIME_IMPORT_HINT in build.mjs).
 */
export function reimportChunk(url: string, attempt: number): Promise<PluginBody> {
  return import(/* @vite-ignore */ `${url}?retry=${attempt}`) as Promise<PluginBody>
}
