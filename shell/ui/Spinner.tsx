/**
 * A decorative spinner; pair it with text in a `role="status"` region, which names it.
 *
 * @example
 * <div role="status"><Spinner /> Loading…</div>
 */
export function Spinner({ size = 24 }: { readonly size?: number }) {
  return (
    <svg className="spinner" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" />
    </svg>
  )
}
