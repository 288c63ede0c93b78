/** Where a visitor installs a wallet from: their phone's store, their browser's add-on store, or the wallet's site. */
export type InstallPlatform = 'ios' | 'android' | 'firefox' | 'chrome'

/**
 * The platform of a user agent. Every Chromium browser (Chrome, Edge, Brave, Opera) installs
 * from the Chrome Web Store; Safari on a Mac has no store for these wallets, so it gets the
 * Chrome Web Store too and the wallet's site when there is no extension.
 *
 * @example
 * installPlatform(navigator.userAgent) // 'ios' on an iPhone
 */
export function installPlatform(userAgent: string): InstallPlatform {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios'
  if (/Android/.test(userAgent)) return 'android'
  if (/Firefox\//.test(userAgent)) return 'firefox'
  return 'chrome'
}
