import type { Metafile } from 'esbuild'

export declare const ROOT: string
export declare const BUILD_OPTIONS: import('esbuild').BuildOptions
export declare const PACKAGE_ENTRIES: Readonly<Record<string, string>>
export declare const SERVER_ENTRIES: Readonly<Record<string, string>>
export declare function outputName(subpath: string): string
export declare function libraryEntryPoints(table?: Readonly<Record<string, string>>): Record<string, string>
export declare function buildLibrary(options?: { outdir?: string; dependencies?: 'bundled' | 'external' }): Promise<Metafile>
export declare function buildPackage(options?: { outdir?: string }): Promise<Metafile>
export declare function buildDemo(options?: { outdir?: string }): Promise<Metafile>
