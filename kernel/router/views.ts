/**
 * A view's name in the view registry. The shell registers its core views (Connect,
 * Account, ...) and each plugin the views its manifest declares; the kernel knows none.
 */
export type ViewName = string

export interface RouteEntry {
  readonly view: ViewName
  /** Per-view parameters, e.g. `{ connector }` for ConnectingExternal. */
  readonly data?: Readonly<Record<string, unknown>>
}
