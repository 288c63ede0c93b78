import type { Page } from 'playwright-core'

/** Starts counting the page's requests in flight; the function returned resolves once none has been for `quietMs`. */
export function trackNetwork(page: Page): (quietMs: number, timeoutMs?: number) => Promise<void>
