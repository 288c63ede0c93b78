import type { EventBus } from '../bus/bus.ts'
import type { ChainNamespace } from '../chains/namespaces.ts'
import type { PorticoConfig } from '../config/schema.ts'
import { ConfigError } from '../errors/base.ts'
import { createStore, type Store } from '../store/createStore.ts'
import type { PluginContributions } from './contributions.ts'
import type { Disposer } from '../disposer.ts'
import { type PluginContext, type PluginManifest, isPluginEnabled } from './manifest.ts'
import { failedChunkUrl, reimportChunk } from './chunkRetry.ts'
import { missingPackageError, missingRequiredPackage } from './requiredPackages.ts'

/** Contributions that are plain lists of names. */
type NamedKind = 'views' | 'rpcMethods' | 'namespaces' | 'connectors'
/** Contributions that are lists of items with an id and a rank. */
type RankedKind = 'connectMethods' | 'walletFeatures' | 'accountTabs'
type ListedKind = RankedKind | 'connectorViews' | 'walletListEntries'
type ItemOf<K extends ListedKind> = NonNullable<PluginContributions[K]>[number]

/** How long after MODAL_OPEN onModalOpen plugins wait for MODAL_SHOWN before loading anyway. */
export const MODAL_SHOWN_FALLBACK_MS = 250

export type PluginStatus =
  | { readonly state: 'idle' }
  | { readonly state: 'loading' }
  | { readonly state: 'active'; readonly ms: number }
  | { readonly state: 'failed'; readonly message: string }

export type PluginStatusMap = Readonly<Record<string, PluginStatus>>

export interface PluginHost {
  /** Enabled manifests only: a disabled plugin is invisible to the kit. */
  readonly manifests: readonly PluginManifest[]
  readonly status: Store<PluginStatusMap>
  /** Loads and activates a plugin body (and what it requires) once; concurrent calls share one load. */
  load(id: string): Promise<void>
  /** Forgets a failed load and tries again. */
  retry(id: string): Promise<void>
  /** The first enabled manifest whose contribution `kind` includes `item`. */
  ownerOf(kind: NamedKind, item: string): PluginManifest | undefined
  /** Loads the owner of a contribution; resolves false when no enabled plugin has it. */
  loadOwnerOf(kind: NamedKind, item: string): Promise<boolean>
  /**
   * What enabled plugins contribute of one kind, the items whose `when` holds, in
   * rank order where items have one (plugin order otherwise).
   */
  contributed<K extends ListedKind>(kind: K): readonly ItemOf<K>[]
  /** The stylesheets enabled plugins bring, in plugin order. */
  styles(): readonly string[]
  /** The views the modal opens on in basic mode (no chain adapter), from the plugin that offers them. */
  basicMode(): PluginContributions['basicMode']
  namespacesWithAdapter(): readonly ChainNamespace[]
  dispose(): void
}

interface PluginHostDeps {
  manifests: readonly PluginManifest[]
  config: PorticoConfig
  bus: EventBus
  /** Async because the DI container is built when the first plugin needs it. */
  context: () => Promise<PluginContext>
  onLoadFailed: (manifest: PluginManifest, error: unknown) => void
  now?: () => number
}

/**
 * Declares plugins up front and activates each body on first use, the way
 * editors with extension hosts stay fast: contributions are data, code is lazy.
 */
export function createPluginHost(deps: PluginHostDeps): PluginHost {
  const now = deps.now ?? (() => performance.now())
  assertUniqueIds(deps.manifests)
  const manifests = deps.manifests.filter((manifest) => isPluginEnabled(manifest, deps.config))
  assertUniqueContributions(manifests)

  const byId = new Map(manifests.map((manifest) => [manifest.id, manifest]))
  const status = createStore<PluginStatusMap>(Object.fromEntries(manifests.map((manifest) => [manifest.id, { state: 'idle' } as PluginStatus])))
  const pending = new Map<string, Promise<void>>()
  /** Per plugin, the chunk whose fetch failed and how often it was asked for again (see chunkRetry.ts). */
  const failedChunks = new Map<string, { url: string; attempts: number }>()
  const disposers: Disposer[] = []

  const setStatus = (id: string, next: PluginStatus) => status.set({ [id]: next })

  const activate = async (manifest: PluginManifest): Promise<void> => {
    for (const required of manifest.requires ?? []) {
      if (!byId.has(required)) {
        throw new Error(`Plugin "${manifest.id}" requires "${required}", which is not enabled`)
      }
      await load(required)
    }
    const started = now()
    setStatus(manifest.id, { state: 'loading' })
    const failed = failedChunks.get(manifest.id)
    const body = failed ? await reimportChunk(failed.url, ++failed.attempts) : await manifest.load()
    const disposer = await body.activate(await deps.context())
    if (disposer) disposers.push(disposer)
    const ms = Math.round(now() - started)
    setStatus(manifest.id, { state: 'active', ms })
    deps.bus.emit({ type: 'PLUGIN_LOADED', properties: { plugin: manifest.id, ms } })
  }

  const load = (id: string): Promise<void> => {
    const manifest = byId.get(id)
    if (!manifest) return Promise.reject(new Error(`Plugin "${id}" is not enabled`))
    const inFlight = pending.get(id)
    if (inFlight) return inFlight
    const promise = activate(manifest).catch((cause: unknown) => {
      const missing = missingRequiredPackage(manifest, cause)
      const error = missing ? missingPackageError(manifest, missing) : cause
      const message = error instanceof Error ? error.message : String(error)
      const url = failedChunkUrl(error)
      if (url && !failedChunks.has(manifest.id)) failedChunks.set(manifest.id, { url, attempts: 0 })
      setStatus(id, { state: 'failed', message })
      deps.bus.emit({ type: 'PLUGIN_LOAD_FAILED', properties: { plugin: id, message } })
      deps.onLoadFailed(manifest, error)
      throw error
    })
    pending.set(id, promise)
    return promise
  }

  const activateOn = (event: 'onModalOpen' | 'onStartup') =>
    manifests
      .filter((manifest) => manifest.activationEvents?.includes(event))
      // a failure already raised its alert; the view that needs the plugin offers a retry
      .forEach((manifest) => load(manifest.id).catch(() => undefined))
  // The dialog comes first: loading plugin bodies (viem, wallet discovery) while the
  // modal's own code downloads and renders made the first open 145 ms instead of 82 ms.
  // They load once the renderer says the modal is on screen, or shortly after the open
  // event when no renderer says so (a custom one, or none).
  const modalShown = deps.bus.on('MODAL_SHOWN').subscribe(() => activateOn('onModalOpen'))
  const modalOpened = deps.bus.on('MODAL_OPEN').subscribe(() => setTimeout(() => activateOn('onModalOpen'), MODAL_SHOWN_FALLBACK_MS))
  queueMicrotask(() => activateOn('onStartup'))

  const ownerOf: PluginHost['ownerOf'] = (kind, item) => manifests.find((manifest) => (manifest.contributes[kind] as readonly string[] | undefined)?.includes(item))

  const contributed = <K extends ListedKind>(kind: K): readonly ItemOf<K>[] => {
    const items = manifests
      .flatMap((manifest) => (manifest.contributes[kind] ?? []) as readonly ItemOf<K>[])
      .filter((item) => !('when' in item) || !item.when || item.when(deps.config))
    return items.some((item) => 'rank' in item) ? [...items].sort((a, b) => (a as { rank: number }).rank - (b as { rank: number }).rank) : items
  }

  return {
    manifests,
    status,
    load,
    retry(id) {
      if (status.get()[id]?.state === 'failed') pending.delete(id)
      return load(id)
    },
    ownerOf,
    async loadOwnerOf(kind, item) {
      const owner = ownerOf(kind, item)
      if (!owner) return false
      await load(owner.id)
      return true
    },
    contributed,
    styles: () => manifests.flatMap((manifest) => (manifest.contributes.styles ? [manifest.contributes.styles] : [])),
    basicMode: () => manifests.find((manifest) => manifest.contributes.basicMode)?.contributes.basicMode,
    namespacesWithAdapter: () => [...new Set(manifests.flatMap((m) => m.contributes.namespaces ?? []))],
    dispose() {
      modalShown.unsubscribe()
      modalOpened.unsubscribe()
      disposers
        .splice(0)
        .reverse()
        .forEach((dispose) => dispose())
    },
  }
}

function assertUniqueIds(manifests: readonly PluginManifest[]) {
  const seen = new Set<string>()
  for (const { id } of manifests) {
    if (seen.has(id)) throw new ConfigError('plugins', `two plugins have the id "${id}"`)
    seen.add(id)
  }
}

/**
 * Two enabled plugins may not claim the same view, RPC method, connect method, wallet
 * feature or tab: which one loads or shows would be a guess.
 */
function assertUniqueContributions(manifests: readonly PluginManifest[]) {
  const idsOf = (manifest: PluginManifest, kind: 'views' | 'rpcMethods' | RankedKind): readonly string[] => {
    const items = manifest.contributes[kind] ?? []
    return items.map((item) => (typeof item === 'string' ? item : item.id))
  }
  for (const kind of ['views', 'rpcMethods', 'connectMethods', 'walletFeatures', 'accountTabs'] as const) {
    const owners = new Map<string, string>()
    for (const manifest of manifests) {
      for (const item of idsOf(manifest, kind)) {
        const owner = owners.get(item)
        if (owner) {
          throw new ConfigError('plugins', `"${item}" is contributed by both "${owner}" and "${manifest.id}"`)
        }
        owners.set(item, manifest.id)
      }
    }
  }
}
