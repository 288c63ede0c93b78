// @vitest-environment jsdom
import '../../../shell/test/dialogPolyfill.ts'
import { getByRole, queryByRole } from '@testing-library/dom'
import { afterEach, describe, expect, it } from 'vitest'
import { DEV_WALLET_NAME } from '../../../demo/devWallet/info.ts'
import { showPrompt } from '../../../demo/devWallet/prompt.ts'

afterEach(() => document.body.replaceChildren())

const request = { title: DEV_WALLET_NAME, action: 'demo.test asks you to sign a message.', details: [['Message', '<img src=x onerror=alert(1)>']] as const }

describe('dev wallet prompt (a native <dialog> of the demo page)', () => {
  it('is a modal dialog named by the wallet label, described by the request, Approve resolves true and removes it', async () => {
    const answer = showPrompt(request)
    await Promise.resolve()
    const dialog = getByRole(document.body, 'dialog', { name: DEV_WALLET_NAME })
    expect(dialog.tagName).toBe('DIALOG')
    expect((dialog as HTMLDialogElement).open).toBe(true)
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(request.action)
    // Untrusted text (a dapp's message) is text, never markup.
    expect(dialog.querySelector('img')).toBeNull()
    expect(dialog.querySelector('dd')?.textContent).toBe('<img src=x onerror=alert(1)>')
    // Reject comes first, so it is what an Enter on the initial focus does.
    expect([...dialog.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Reject', 'Approve'])
    getByRole(dialog, 'button', { name: 'Approve' }).click()
    await expect(answer).resolves.toBe(true)
    expect(queryByRole(document.body, 'dialog', { hidden: true })).toBeNull()
  })

  it('Reject and Escape (the dialog’s cancel) resolve false', async () => {
    const rejected = showPrompt(request)
    await Promise.resolve()
    getByRole(document.body, 'button', { name: 'Reject' }).click()
    await expect(rejected).resolves.toBe(false)
    const escaped = showPrompt(request)
    await Promise.resolve()
    document.querySelector('dialog')!.dispatchEvent(new Event('cancel', { cancelable: true }))
    await expect(escaped).resolves.toBe(false)
    expect(document.querySelector('dialog')).toBeNull()
  })

  it('asks one thing at a time: a second request waits for the first answer', async () => {
    const first = showPrompt({ title: 'T', action: 'first', details: [] })
    const second = showPrompt({ title: 'T', action: 'second', details: [] })
    await Promise.resolve()
    expect(document.querySelectorAll('dialog')).toHaveLength(1)
    expect(document.querySelector('dialog p')?.textContent).toBe('first')
    getByRole(document.body, 'button', { name: 'Approve' }).click()
    await expect(first).resolves.toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(document.querySelector('dialog p')?.textContent).toBe('second')
    getByRole(document.body, 'button', { name: 'Reject' }).click()
    await expect(second).resolves.toBe(false)
  })
})
