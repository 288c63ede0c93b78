// Installs a test wallet whose object runs in the page and whose keys stay in Node:
// a self-contained factory `create(core, bridge)` is sent to the page as source text,
// run before any of the page's scripts on every load, and each bridge call crosses to
// Node through a binding (page.exposeFunction speaks JSON, so bytes cross as number arrays).
import type { Page } from 'playwright-core'

/** A wallet factory that runs in the page: no imports, no references outside its body. */
export type PageWalletFactory<Core, Bridge, Control> = (core: Core, bridge: Bridge) => { wallet: unknown; control: Control }

/** How the page finds the wallet: the Wallet Standard window protocol, or `window.injectedWeb3[key]`. */
export type PageWalletAnnounce = { kind: 'wallet-standard' } | { kind: 'injectedWeb3'; key: string }

export interface PageWalletOptions<Core, Bridge, Control> {
  /** The binding's name on window; unique per wallet in a page. */
  readonly binding: string
  readonly core: Core
  /** Answered in Node: the keys, the test's decisions, what the wallet remembers. */
  readonly bridge: Bridge
  readonly create: PageWalletFactory<Core, Bridge, Control>
  readonly announce: PageWalletAnnounce
}

/** A binding name from a wallet's display name. */
export const bindingName = (prefix: string, name: string) => `${prefix}_${name.replace(/[^a-zA-Z0-9]/g, '_')}`

/**
 * Installs the wallet in `page` (before `page.goto`). Returns a caller for the
 * control object the factory handed back (the visitor's own actions, such as lock).
 */
export async function installPageWallet<Core, Bridge extends object, Control>(
  page: Page,
  options: PageWalletOptions<Core, Bridge, Control>,
): Promise<(method: keyof Control & string, args?: unknown[]) => Promise<unknown>> {
  const { binding, bridge } = options
  await page.exposeFunction(binding, (call: string, args: unknown[]) => (bridge as Record<string, (...a: unknown[]) => Promise<unknown>>)[call]!(...args))
  const settings = { binding, core: options.core, names: Object.keys(bridge), announce: options.announce }
  await page.addInitScript({ content: `(${runInPage.toString()})(${options.create.toString()}, ${JSON.stringify(settings)});` })
  return (method, args = []) =>
    page.evaluate(([b, m, a]) => (window as unknown as Record<string, Record<string, (...x: unknown[]) => unknown>>)[`${b}_control`]![m]!(...a), [binding, method, args] as const)
}

/** Runs in the page: wires the wallet to the Node binding and makes it discoverable. Self-contained. */
function runInPage(
  create: (core: unknown, bridge: unknown) => { wallet: unknown; control: unknown },
  o: { binding: string; core: unknown; names: string[]; announce: PageWalletAnnounce },
) {
  if (window !== window.top) return
  const w = window as unknown as Record<string, unknown>
  const call =
    (name: string) =>
    (...args: unknown[]) =>
      (w[o.binding] as (n: string, a: unknown[]) => Promise<unknown>)(name, args)
  const { wallet, control } = create(o.core, Object.fromEntries(o.names.map((name) => [name, call(name)])))
  w[`${o.binding}_control`] = control
  if (o.announce.kind === 'injectedWeb3') {
    // Extensions inject before the page's scripts, each under its own key.
    const injected = (w['injectedWeb3'] ??= {}) as Record<string, unknown>
    injected[o.announce.key] = wallet
    return
  }
  const callback = ({ register }: { register(...wallets: unknown[]): unknown }) => register(wallet)
  window.addEventListener('wallet-standard:app-ready', (event) => callback((event as CustomEvent).detail))
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
}
