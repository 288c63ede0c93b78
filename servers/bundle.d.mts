/**
 * Bundles a TypeScript server entry into one ESM file for Node (packages external); every
 * module keeps its source file's import.meta.url, so paths it resolves from there still work.
 *
 * @example
 * await bundleServer({ entry: 'servers/frame/main.ts', outfile: '.cache/frame-server/main.mjs' })
 */
export declare function bundleServer(options: { entry: string; outfile: string }): Promise<void>
