/** The core views of SPEC §2. Plugins add their own names through their manifests. */
export const CORE_VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingFarcaster',
  'ConnectingSiwe',
  'UnsupportedChain',
  'SIWXSignMessage',
  'ApproveTransaction',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
] as const
export type CoreView = (typeof CORE_VIEWS)[number]
/** A core view or a plugin-contributed one. */
export type ViewName = CoreView | (string & {})

export interface RouteEntry {
  readonly view: ViewName
  /** Per-view parameters, e.g. `{ connector }` for ConnectingExternal. */
  readonly data?: Readonly<Record<string, unknown>>
}
