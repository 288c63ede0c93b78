// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { createApp, effectScope, nextTick, watch } from 'vue'
import { base, mainnet } from '../../kernel/index.ts'
import { connectAccount, createTestKit } from '../../shell/test/testKit.ts'
import { porticoVue } from '../../adapters/vue/kit.ts'
import { usePorticoAccount } from '../../adapters/vue/usePorticoAccount.ts'
import { usePorticoModal } from '../../adapters/vue/usePorticoModal.ts'
import { usePorticoNetwork } from '../../adapters/vue/usePorticoNetwork.ts'

// The composables as a component's setup runs them: inside the app that installed
// porticoVue(kit) and inside an effect scope that ends when the component unmounts.
const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'

function inApp<T>(kit: ReturnType<typeof createTestKit>, composable: () => T) {
  const app = createApp({ render: () => null }).use(porticoVue(kit))
  const scope = effectScope()
  const result = app.runWithContext(() => scope.run(composable)!)
  return { result, stop: () => scope.stop() }
}

describe('portico/vue composables', () => {
  it('usePorticoAccount: refs that follow the account from disconnected to connected and back', () => {
    const kit = createTestKit()
    const { result: account } = inApp(kit, usePorticoAccount)
    expect([account.address.value, account.status.value, account.isConnected.value]).toEqual([undefined, 'disconnected', false])
    // An address without the connected status (a connection being restored) is not connected.
    kit.chains.updateAccount('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, status: 'connecting' })
    expect(account.isConnected.value).toBe(false)
    connectAccount(kit, ADDRESS, { balance: '1.5', balanceSymbol: 'ETH' })
    expect(account.address.value).toBe(ADDRESS)
    expect(account.caipAddress.value).toBe(`eip155:1:${ADDRESS}`)
    expect([account.status.value, account.isConnected.value]).toEqual(['connected', true])
    expect([account.balance.value, account.balanceSymbol.value]).toEqual(['1.5', 'ETH'])
    kit.chains.resetAccount('eip155')
    expect([account.address.value, account.isConnected.value]).toEqual([undefined, false])
  })

  it('a ref triggers only when its own value changes, and the subscription ends with the scope', async () => {
    const kit = createTestKit()
    const { result: account, stop } = inApp(kit, usePorticoAccount)
    const seen: (string | undefined)[] = []
    const watcher = effectScope()
    watcher.run(() => watch(account.address, (address) => seen.push(address)))
    connectAccount(kit, ADDRESS)
    await nextTick()
    // A balance arriving changes the chain store, not the address.
    kit.chains.updateAccount('eip155', { balance: '2', balanceSymbol: 'ETH' })
    await nextTick()
    expect(seen).toEqual([ADDRESS])
    stop()
    kit.chains.resetAccount('eip155')
    expect(account.address.value).toBe(ADDRESS)
    watcher.stop()
  })

  it('usePorticoModal opens and closes the modal, isOpen following it', () => {
    const kit = createTestKit()
    const { result: modal } = inApp(kit, usePorticoModal)
    expect(modal.isOpen.value).toBe(false)
    modal.open({ view: 'Networks' })
    expect(modal.isOpen.value).toBe(true)
    expect(kit.router.current().view).toBe('Networks')
    modal.close()
    expect(modal.isOpen.value).toBe(false)
  })

  it('usePorticoNetwork: the active network as refs, and a switch to a configured one', async () => {
    const kit = createTestKit({ networks: [mainnet, base] })
    const { result: network } = inApp(kit, usePorticoNetwork)
    expect([network.chainId.value, network.caipNetwork.value.name]).toEqual([1, 'Ethereum'])
    await network.switchNetwork(base)
    expect([network.chainId.value, network.caipNetwork.value.name]).toEqual([8453, 'Base'])
  })

  it('outside an app that installed porticoVue(kit), a composable names itself and the missing plugin', () => {
    const app = createApp({ render: () => null })
    const scope = effectScope()
    expect(() => app.runWithContext(() => scope.run(usePorticoAccount))).toThrow('usePorticoAccount needs app.use(porticoVue(kit))')
    scope.stop()
  })
})
