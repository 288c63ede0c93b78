export declare const DEFAULT_TARBALL: string
export interface PackReport {
  tarball: string
  filename: string
  size: number
  unpackedSize: number
  entryCount: number
  files: { path: string; size: number }[]
}
export declare function pack(tarball?: string): Promise<PackReport>
