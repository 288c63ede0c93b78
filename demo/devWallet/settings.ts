import * as v from 'valibot'

/** Where the demo remembers the "Announce the dev wallet" checkbox. */
export const DEV_WALLET_SETTING_KEY = 'portico-demo:dev-wallet'

const Switch = v.picklist(['on', 'off'])

type SettingStorage = Pick<Storage, 'getItem' | 'setItem'>

/** localStorage, or nothing where the page may not use it. */
export function demoStorage(): SettingStorage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

/**
 * Whether the demo announces its dev wallet: `?devwallet=on|off` wins (browser
 * tests inject their own wallet with `?devwallet=off`; `forced` then), then the
 * stored checkbox, then on. Anything else in either place is ignored.
 *
 * @example
 * devWalletSetting('?devwallet=off', localStorage) // { enabled: false, forced: true }
 */
export function devWalletSetting(search: string, storage: SettingStorage | undefined): { enabled: boolean; forced: boolean } {
  const query = v.safeParse(Switch, new URLSearchParams(search).get('devwallet'))
  if (query.success) return { enabled: query.output === 'on', forced: true }
  let stored: unknown
  try {
    stored = storage?.getItem(DEV_WALLET_SETTING_KEY)
  } catch {
    // Storage can be off (private mode, sandbox); the default then holds.
  }
  return { enabled: !v.is(Switch, stored) || stored === 'on', forced: false }
}

export function storeDevWalletEnabled(storage: SettingStorage | undefined, enabled: boolean): void {
  try {
    storage?.setItem(DEV_WALLET_SETTING_KEY, enabled ? 'on' : 'off')
  } catch {
    // As above: then the default holds on the next load.
  }
}
