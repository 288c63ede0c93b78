import type { Metafile } from 'esbuild'

export declare const ROOT: string
export declare const BUILD_OPTIONS: import("esbuild").BuildOptions
export declare function pluginEntryPoints(): Record<string, string>
export declare function buildLibrary(options?: { outdir?: string }): Promise<Metafile>
export declare function buildDemo(options?: { outdir?: string }): Promise<Metafile>
