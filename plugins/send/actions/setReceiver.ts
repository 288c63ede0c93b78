import type { SendFlow } from '../flow.ts'
import type { ReceiverLookup } from '../receiverLookup.ts'

export function setReceiver({ store, requote }: SendFlow, lookup: ReceiverLookup, text: string): void {
  const { sender, receiverAddress } = store.get()
  store.set({ receiverAddress: text, receiverProfileName: undefined, error: undefined })
  lookup.typed(text)
  // The fee depends on the receiver (a first transfer to an address costs more): read it again once it is one.
  if (sender?.isValidReceiver(text.trim()) && text.trim() !== receiverAddress.trim()) void requote()
}
