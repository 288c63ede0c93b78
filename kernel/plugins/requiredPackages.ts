import { ConfigError } from '../errors/base.ts'
import type { PluginManifest } from './manifest.ts'

/** The error a plugin body's import of a package that is not installed fails with, naming it. */
export const missingPackageError = (manifest: PluginManifest, name: string): ConfigError =>
  new ConfigError('plugins', `the "${manifest.id}" plugin needs the package ${name}, which is not installed. Install it: npm install ${name}`)

/** `name` (or a file of it) as a quoted specifier in a message. */
const namesSpecifier = (message: string, name: string): boolean =>
  new RegExp(`['"\u201c\u2018]${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/[^'"\u201d\u2019]*)?['"\u201d\u2019]`).test(message)

/**
 * The package among the plugin's `requiredPackages` that a failed load could not resolve,
 * read from the module graph itself, not the disk: Node ("Cannot find package 'x'"),
 * webpack and Turbopack's runtime ("Cannot find module 'x'") and the browsers ("Failed
 * to resolve module specifier "x"") all quote the specifier. Asking a resolver up front
 * would need a path of this module, which a bundler bakes in at build time and which is
 * wrong once the built app is moved.
 */
export function missingRequiredPackage(manifest: PluginManifest, error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : ''
  if (!/cannot find|not found|failed to resolve|bare specifier|does not resolve|can't resolve/i.test(message)) return undefined
  return manifest.requiredPackages?.find((name) => namesSpecifier(message, name))
}
