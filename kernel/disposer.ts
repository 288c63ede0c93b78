/**
 * Releases what a registration added: a view, an RPC handler, a connector, a plugin
 * body. A module of its own so the registries and the plugin manifest, which refer
 * to each other's types, need not import one another for it.
 */
export type Disposer = () => void
