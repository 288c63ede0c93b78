// The demo's dev wallet (Hardhat key #0, every request approved in its prompt) as a person
// uses it in the browser tests: its prompt, approving one, and connecting through the modal.
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { DEV_WALLET_NAME } from '../../demo/devWallet/info.ts'
import { chooseWallet, currentView } from './evmSupport.ts'

/** The dev wallet's prompt: the page's own dialog, named by the wallet's label. */
export const devWalletPrompt = (page: Page) => page.getByRole('dialog', { name: DEV_WALLET_NAME })

/** Waits for the prompt, checks what it asks, approves it and waits for it to go. */
export async function approveInDevWallet(page: Page, expectText: string): Promise<void> {
  const dialog = devWalletPrompt(page)
  await dialog.waitFor({ timeout: 15_000 })
  expect(await dialog.innerText()).toContain(expectText)
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await dialog.waitFor({ state: 'detached' })
}

/** Connects the dev wallet and opens the Account view. */
export async function connectDevWallet(page: Page): Promise<void> {
  await chooseWallet(page, DEV_WALLET_NAME)
  await approveInDevWallet(page, 'asks to connect to your account')
  await page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'connected')
  await expect.poll(() => currentView(page)).toBeNull()
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe('Account')
}
