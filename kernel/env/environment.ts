/**
 * What the kit needs to know about where it runs. Pluggable so Node, tests and
 * server rendering can answer without a window.
 */
export interface Environment {
  isMobile(): boolean
  /** Inside a Telegram mini app. */
  isTelegram(): boolean
  isIosSafari(): boolean
}

export function browserEnvironment(): Environment {
  const nav = (): Navigator | undefined => globalThis.navigator
  const ua = () => nav()?.userAgent ?? ''
  return {
    isMobile: () => Boolean(globalThis.matchMedia?.('(pointer: coarse)').matches) || /Android|iPhone|iPad|iPod|Mobile/i.test(ua()),
    isTelegram: () => typeof (globalThis as { Telegram?: { WebApp?: unknown } }).Telegram?.WebApp === 'object',
    isIosSafari: () => /iPhone|iPad|iPod/.test(ua()) && /Safari/.test(ua()) && !/CriOS|FxiOS/.test(ua()),
  }
}
