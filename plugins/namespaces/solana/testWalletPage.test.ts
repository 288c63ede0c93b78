import { createContext, runInContext } from 'node:vm'
import { PublicKey } from '@solana/web3.js'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { installSolanaTestWallet, verifyEd25519 } from '../../../test/peers/solanaTestWallet.ts'

// installSolanaTestWallet ships the wallet to the page as source text. This runs
// that text in a bare VM context (no Node globals, no imports) the way
// page.addInitScript runs it, with exposeFunction as a plain function: it proves
// the page half is self-contained and speaks the Wallet Standard window protocol.
// Chromium itself is exercised by the browser tests.
function fakePage() {
  // A page's window is an EventTarget that is also the global object; here it is an EventTarget the
  // scripts see as `window`, which is all the page half uses.
  const window = Object.assign(new EventTarget(), {} as Record<string, unknown>)
  window['top'] = window
  const context = createContext({ window, Event, CustomEvent, Uint8Array, TextEncoder, Promise, Object, Array, Error, console })
  const scripts: string[] = []
  const page = {
    async exposeFunction(name: string, fn: (...args: unknown[]) => unknown) {
      window[name] = fn
    },
    async addInitScript({ content }: { content: string }) {
      scripts.push(content)
    },
    async evaluate(fn: (arg: unknown) => unknown, arg: unknown) {
      return runInContext(`(${fn.toString()})(${JSON.stringify(arg)})`, context)
    },
  }
  /** A page load: the init scripts run, then the app asks for wallets. */
  const load = () => scripts.forEach((script) => runInContext(script, context))
  return { page: page as unknown as Page, context, load }
}

describe('installSolanaTestWallet (page half, in a bare VM)', () => {
  it('registers through the Wallet Standard protocol and signs in Node', async () => {
    const { page, context, load } = fakePage()
    const wallet = await installSolanaTestWallet(page, { name: 'Solana Test Wallet', rpcUrl: 'http://127.0.0.1:1' })
    load()
    // The app side of the protocol: announce readiness, collect what registers.
    const registered = runInContext(
      `(() => { const found = []; window.dispatchEvent(Object.assign(new Event('wallet-standard:app-ready'), { detail: { register: (...w) => (found.push(...w), () => {}) } })); return found })()`,
      context,
    ) as { name: string; chains: string[]; features: Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>; accounts: unknown[] }[]
    expect(registered.map((w) => w.name)).toEqual(['Solana Test Wallet'])
    const w = registered[0]!
    expect(Object.keys(w.features).sort()).toEqual([
      'solana:signAndSendTransaction',
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ])
    const { accounts } = (await w.features['standard:connect']!['connect']!()) as { accounts: { address: string }[] }
    expect(accounts.map((a) => a.address)).toEqual([wallet.address])
    const message = new TextEncoder().encode('hello from the page')
    const [signed] = (await w.features['solana:signMessage']!['signMessage']!({ account: accounts[0], message })) as { signature: Uint8Array }[]
    expect(verifyEd25519(new PublicKey(wallet.address).toBytes(), message, Uint8Array.from(signed!.signature))).toBe(true)
    expect(wallet.state().authorized).toBe(true)
    await wallet.lock()
    expect(wallet.state().authorized).toBe(false)
    expect(wallet.prompts.map((p) => p.feature)).toEqual(['standard:connect', 'solana:signMessage'])
  })
})
