// The frame page's handlers as unit tests drive them, without a page: a signed-in user whose
// embedded key is `secret`, one device, a visible document. Requests go through `dispatch`, as
// the channel sends them; a refusal throws the frame's error text.
import type { AppPayload, AppRequestName, FrameReply } from '../../../../protocol/frameProtocol.ts'
import type { SmartAccountNetwork } from '../config.ts'
import { type HandlerDeps, createHandlers, dispatch } from '../handlers.ts'

/** A tab's sessionStorage, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as Storage
}

/** Handlers for the key `secret` of `address`; `smartAccounts` are the networks the frame server enables one on. */
export function frameHandlersFor(secret: Uint8Array, address: string, smartAccounts: SmartAccountNetwork[] = []) {
  const handlers = createHandlers({
    api: { call: async () => ({ devices: [] }) },
    wallets: {
      me: async () => ({ user: { id: 'user-1', email: 'ada@example.com' }, wallets: { eip155: address } }),
      useKey: async (_namespace: string, use: (secret: Uint8Array) => Promise<unknown>) => use(secret),
    },
    keystore: { deviceId: async () => 'device-1' },
    session: { get: () => undefined },
    emit: () => undefined,
    initialChainId: 31337,
    doc: { visibilityState: 'visible' } as Document,
    hostOrigin: () => undefined,
    reload: () => undefined,
    tabStorage: memoryStorage(),
    socialResults: { expect: () => undefined, take: () => undefined },
    smartAccounts,
  } as unknown as HandlerDeps)
  const ask = async <N extends AppRequestName>(name: N, payload: AppPayload<N>): Promise<FrameReply<N>> => {
    const reply = await dispatch(handlers, name, payload)
    if (reply.outcome === 'ERROR') throw new Error(reply.payload.message)
    return reply.payload as FrameReply<N>
  }
  return { ask }
}
