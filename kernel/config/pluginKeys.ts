import * as v from 'valibot'
import { ConfigError } from '../errors/base.ts'
import { suggestion } from './didYouMean.ts'

/**
 * Key -> how to get the plugin that owns it ("the email plugin: import { emailPlugin } from
 * 'portico/email'"). The package entry fills this for its own plugins' flags and options;
 * the kernel itself knows none.
 */
export type PluginKeyOwners = Readonly<Record<string, string>>

/** One key a plugin owns, its schema and, when it has one, the value it takes when left out. */
export interface OwnedKey {
  readonly plugin: string
  readonly schema: v.GenericSchema
  readonly fill?: () => unknown
}

/** How the keys of one kind (flags under `features`, top-level options) are named in errors. */
export interface KeyKind {
  /** The key as the integrator wrote it: `features.email`, `siwx`. */
  readonly path: (key: string) => string
  /** The end of the error for a key nobody owns. */
  readonly unknown: string
}

/** Every key the plugins own, by name; a key is owned once, and never one of the kernel's. */
export function ownedKeys(declared: Iterable<readonly [string, OwnedKey]>, kernelKeys: readonly string[], kind: KeyKind): Map<string, OwnedKey> {
  const keys = new Map<string, OwnedKey>()
  for (const [key, owned] of declared) {
    const owner = keys.get(key)
    if (owner || kernelKeys.includes(key)) {
      throw new ConfigError('plugins', `${kind.path(key)} is defined by both "${owner?.plugin ?? 'the kernel'}" and "${owned.plugin}"`)
    }
    keys.set(key, owned)
  }
  return keys
}

/**
 * Validates the given keys the plugins own with each one's schema and fills the defaults of
 * those left out. A key nobody owns is an error: it names the plugin to add when the key is a
 * known one, else the closest key.
 */
export function resolveOwnedKeys(
  given: Readonly<Record<string, unknown>>,
  keys: ReadonlyMap<string, OwnedKey>,
  kernelKeys: readonly string[],
  owners: PluginKeyOwners,
  kind: KeyKind,
): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(given)) {
    if (kernelKeys.includes(key)) continue
    const owned = keys.get(key)
    if (owned) {
      const result = v.safeParse(owned.schema, value)
      if (!result.success) {
        // A union reports its own issue without a path; the branch that got furthest has one.
        const first = result.issues[0]
        const issue = first.issues?.find((nested) => v.getDotPath(nested)) ?? first
        const path = v.getDotPath(issue)
        throw new ConfigError(`${kind.path(key)}${path ? `.${path}` : ''}`, issue.message)
      }
      if (result.output !== undefined) values[key] = result.output
    } else if (owners[key]) {
      throw new ConfigError(kind.path(key), `is set, but no listed plugin provides it: add ${owners[key]}.`)
    } else {
      throw new ConfigError(kind.path(key), `${kind.unknown}${suggestion(key, [...kernelKeys, ...keys.keys()])}`)
    }
  }
  for (const [key, { fill }] of keys) if (!(key in given) && fill) values[key] = fill()
  return values
}
