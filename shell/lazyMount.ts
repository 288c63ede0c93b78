import type { PorticoKit } from '../kernel/index.ts'

/**
 * Mounts the modal the first time it opens when no renderer (a React
 * <PorticoProvider>) has claimed the kit. React and the modal load then, by
 * `import()`, so the vanilla entry's initial closure has no React in it.
 */
export function mountOnFirstOpen(kit: PorticoKit): void {
  if (typeof document === 'undefined') return
  let mounting = false
  kit.modal.store
    .select((state) => state.open)
    .subscribe((open) => {
      if (!open || mounting) return
      // A provider claims in an effect, which can run after a child's effect opened the modal.
      queueMicrotask(() => {
        if (mounting || kit.hasRenderer()) return
        mounting = true
        const release = kit.claimRenderer()
        import('./mount.tsx')
          .then(({ mountModal }) => mountModal(kit))
          .catch((error: unknown) => {
            // Nothing can show the failure but the console; close so the next open retries.
            console.error('[Portico] the modal failed to load', error)
            mounting = false
            release()
            kit.close()
          })
      })
    })
}
