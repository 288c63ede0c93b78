import { useState } from 'react'

export interface Paged<T> {
  /** The first pages of `items`. */
  readonly shown: readonly T[]
  /** How many items are not shown yet. */
  readonly hidden: number
  showMore(): void
}

/**
 * The first `pageSize` items, and one more page on each `showMore()`. A list whose
 * items come from outside (1,000 wallets announced at once) then renders in bounded
 * steps the visitor asks for, not all at once.
 */
export function usePaged<T>(items: readonly T[], pageSize: number): Paged<T> {
  const [pages, setPages] = useState(1)
  const shown = items.length > pages * pageSize ? items.slice(0, pages * pageSize) : items
  return { shown, hidden: items.length - shown.length, showMore: () => setPages((n) => n + 1) }
}
