import { ConfigError } from '../errors/base.ts'
import type { PluginManifest } from './manifest.ts'

/** Answers whether a package can be imported here; `undefined` when this runtime cannot tell. */
export type PackageProbe = (name: string) => boolean | undefined

interface NodeModuleApi {
  createRequire(from: string): { resolve(request: string): string }
}

/**
 * Node's own resolver, reached without a static `node:` import so browser bundles stay
 * clean. In a browser there is nothing to ask: the app's bundler resolved every import
 * of the plugin at build time and named any missing package in its error then.
 */
export function nodePackageProbe(): PackageProbe {
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    ?.getBuiltinModule
  const nodeModule = getBuiltin?.('node:module') as NodeModuleApi | undefined
  if (!nodeModule) return () => undefined
  const require = nodeModule.createRequire(import.meta.url)
  return (name) => {
    try {
      require.resolve(name)
      return true
    } catch (error) {
      // An ESM-only package refuses `require` but is there all the same.
      return (error as { code?: unknown }).code === 'ERR_PACKAGE_PATH_NOT_EXPORTED'
    }
  }
}

/**
 * Fails `createPortico()` when an enabled plugin's optional SDK is not installed, naming
 * the package, instead of failing later when the visitor first uses the feature.
 */
export function assertRequiredPackages(manifests: readonly PluginManifest[], probe: PackageProbe): void {
  for (const manifest of manifests) {
    for (const name of manifest.requiredPackages ?? []) {
      if (probe(name) === false) {
        throw new ConfigError(
          'plugins',
          `the "${manifest.id}" plugin needs the package ${name}, which is not installed. Install it: npm install ${name}`,
        )
      }
    }
  }
}
