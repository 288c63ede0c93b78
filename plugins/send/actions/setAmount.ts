import type { SendFlow } from '../flow.ts'

export function setAmount({ store }: SendFlow, text: string): void {
  store.set({ sendTokenAmount: text, error: undefined })
}
