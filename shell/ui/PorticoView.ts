import type { ComponentType } from 'react'
import type { PorticoKit, RouteEntry } from '../../kernel/index.ts'

/** What the view host passes every view, core or plugin. */
export interface PorticoViewProps {
  readonly kit: PorticoKit
  /** The route's per-view data, e.g. `{ connector }` for ConnectingExternal. */
  readonly data: RouteEntry['data']
}

/**
 * The component a view registers: `kit.views.register(name, { component, title })`.
 *
 * @example
 * const Receive: PorticoView = ({ kit }) => <Text>{kit.chains.activeAccount()?.address}</Text>
 */
export type PorticoView = ComponentType<PorticoViewProps>
