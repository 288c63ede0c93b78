// @vitest-environment jsdom
import '../../../shell/test/dialogPolyfill.ts'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfigError, type PorticoKit, SnackText, createKernel, mainnet, matchLocale } from '../../../kernel/index.ts'
import { applyLocale, openerText } from '../../../host/openerText.ts'
import { defineCatalogue } from '../../../shell/ui/catalogue.ts'
import { useMessages } from '../../../shell/ui/messages.ts'
import { SnackBar } from '../../../shell/modal/SnackBar.tsx'
import { connectAccount, createTestKit, quietKernelOptions } from '../../../shell/test/testKit.ts'
import { ConnectView } from '../../../shell/views/Connect.tsx'
import { WalletFeatures } from '../../../shell/views/WalletFeatures.tsx'
import { sendPlugin } from '../../../plugins/send/index.ts'
import { walletConnectPlugin } from '../../../plugins/walletconnect/index.ts'
import { ConnectButton } from '../../../shell/components/ConnectButton.tsx'
import { withKit } from '../../../shell/test/wrapper.tsx'

afterEach(cleanup)

describe('which locale a visitor gets', () => {
  it("the browser's languages pick the best of the 22, in their order, else English", () => {
    expect(matchLocale(['ja-JP', 'en-US'])).toBe('ja')
    expect(matchLocale(['xx', 'fr-CA'])).toBe('fr')
    expect(matchLocale(['pt-PT'])).toBe('pt-BR')
    expect(matchLocale(['pt-BR'])).toBe('pt-BR')
    expect(matchLocale(['ZH-tw'])).toBe('zh-TW')
    expect(matchLocale(['zh-CN'])).toBe('zh-CN')
    expect(matchLocale(['zh-HK'])).toBe('zh-TW')
    expect(matchLocale(['zh-Hant'])).toBe('zh-TW')
    expect(matchLocale(['zh'])).toBe('zh-CN')
    expect(matchLocale(['sw', 'tlh'])).toBe('en')
    expect(matchLocale([])).toBe('en')
  })

  it('without createPortico({ locale }) the kit follows navigator.languages', () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar-EG', 'en'])
    try {
      expect(createTestKit().locale.get().locale).toBe('ar')
    } finally {
      languages.mockRestore()
    }
  })

  it('createPortico({ locale }) wins, and a locale outside the 22 is a ConfigError, at creation and in setLocale()', () => {
    const kit = createTestKit({ locale: 'ja' })
    expect(kit.locale.get().locale).toBe('ja')
    expect(() => createKernel({ projectId: 'p', networks: [mainnet], locale: 'xx' as 'ja' }, quietKernelOptions())).toThrow(ConfigError)
    expect(() => kit.setLocale('klingon' as 'ja')).toThrow(ConfigError)
    kit.setLocale('he')
    expect(kit.locale.get().locale).toBe('he')
  })
})

describe('the views in the kit’s locale', () => {
  it('Connect shows Japanese once its file loads, and English again after kit.setLocale("en")', async () => {
    const kit = createTestKit({ locale: 'ja' })
    act(() => void kit.connectors.add({ id: 'a', name: 'Wallet A', type: 'ANNOUNCED', chain: 'eip155' }))
    for (const id of 'bcdefghij') act(() => void kit.connectors.add({ id, name: `Wallet ${id}`, type: 'ANNOUNCED', chain: 'eip155' }))
    render(<ConnectView kit={kit} data={undefined} />)
    expect(await screen.findByText('その他のウォレット')).toBeTruthy()
    expect(screen.getByRole('group', { name: '接続方法' })).toBeTruthy()
    act(() => kit.setLocale('en'))
    expect(screen.getByText('More wallets')).toBeTruthy()
  })

  it('a label a plugin contributes shows in the kit’s locale once that plugin’s file loads, follows a change of locale, and is English again after kit.setLocale("en")', async () => {
    const kit = createTestKit({ locale: 'ja' }, [sendPlugin()])
    act(() => connectAccount(kit, '0x1234567890abcdef1234567890abcdef12345678'))
    render(<WalletFeatures kit={kit} />)
    expect(await screen.findByRole('button', { name: '送信' })).toBeTruthy()
    act(() => kit.setLocale('fr'))
    expect(await screen.findByRole('button', { name: 'Envoyer' })).toBeTruthy()
    act(() => kit.setLocale('en'))
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy()
  })

  it('a contributed label already translatable is never shown in English first: All wallets on Connect, mounted again in ar, reads Arabic in its first render', async () => {
    const kit = createTestKit({ locale: 'en' }, [walletConnectPlugin()])
    const first = render(<ConnectView kit={kit} data={undefined} />)
    expect(screen.getByRole('button', { name: 'All wallets' })).toBeTruthy()
    // The demo's language menu: kit.setLocale() while Connect stays rendered in the closed dialog.
    act(() => kit.setLocale('ar'))
    expect(await screen.findByRole('button', { name: 'كل المحافظ' })).toBeTruthy()
    first.unmount()
    // A view mounted again (Back from All wallets, the next open): its first render, no await.
    render(<ConnectView kit={kit} data={undefined} />)
    expect(screen.queryByRole('button', { name: 'All wallets' })).toBeNull()
    expect(screen.getByRole('button', { name: 'كل المحافظ' })).toBeTruthy()
  })

  it('Arabic counts with its six plural forms (ICU plural through @lingui/core)', async () => {
    const kit = createTestKit({ locale: 'ar' })
    for (const id of 'abcdefghij') act(() => void kit.connectors.add({ id, name: `Wallet ${id}`, type: 'ANNOUNCED', chain: 'eip155' }))
    render(<ConnectView kit={kit} data={undefined} />)
    // 10 wallets, 8 shown: two more, the Arabic dual.
    expect(await screen.findByText('اثنتان أخريان')).toBeTruthy()
  })

  it('a snack keeps its English text in the store and in code; the visitor reads it translated', async () => {
    const kit = createTestKit({ locale: 'ja' })
    render(<SnackBar kit={kit} />)
    act(() => kit.snack.showError(SnackText.SIGNATURE_DECLINED))
    expect(kit.snack.store.get().message).toBe('Signature declined')
    expect(await screen.findByText('署名が拒否されました')).toBeTruthy()
  })

  it('a key the locale lacks shows in English, with a warning in development', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const messages = defineCatalogue('partial', { 'partial.hello': ['Hello'], 'partial.bye': ['Goodbye'] }, async () => ({ default: { 'partial.hello': ['Bonjour'] } }))
    function Greeting({ kit }: { readonly kit: PorticoKit }) {
      const t = useMessages(kit, messages)
      return <p>{`${t('partial.hello')} / ${t('partial.bye')}`}</p>
    }
    try {
      render(<Greeting kit={createTestKit({ locale: 'fr' })} />)
      expect(await screen.findByText('Bonjour / Goodbye')).toBeTruthy()
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('fr lacks 1 partial message(s), shown in English: partial.bye'))
    } finally {
      warn.mockRestore()
    }
  })
})

describe('the openers and right to left', () => {
  it('the opener label is English until the locale’s opener file is in', () => {
    expect(openerText('ja', 'opener.connectWallet')).toBe('Connect Wallet')
    expect(openerText('en', 'opener.switchNetwork', { network: 'Base' })).toBe('Base, switch network')
  })

  it('the React button reads its label in the kit’s locale once that opener file is in, and follows kit.setLocale()', async () => {
    // ko and de, not ja: the opener files stay loaded for the module, and the test above needs ja not in.
    const kit = createTestKit({ locale: 'ko' })
    render(<ConnectButton />, { wrapper: withKit(kit) })
    expect(await screen.findByRole('button', { name: '지갑 연결' })).toBeTruthy()
    act(() => kit.setLocale('de'))
    expect(await screen.findByRole('button', { name: 'Wallet verbinden' })).toBeTruthy()
    act(() => kit.setLocale('en'))
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy()
  })

  it('ar, he and fa set dir="rtl" with their lang; the others ltr', () => {
    const element = document.createElement('dialog')
    for (const locale of ['ar', 'he', 'fa'] as const) {
      applyLocale(element, locale)
      expect([element.dir, element.lang]).toEqual(['rtl', locale])
    }
    applyLocale(element, 'ja')
    expect([element.dir, element.lang]).toEqual(['ltr', 'ja'])
  })
})
