// @vitest-environment jsdom
import '../test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useKit } from '../provider/context.ts'
import { createTestKit } from '../test/testKit.ts'
import { withKit } from '../test/wrapper.tsx'
import { usePorticoState } from './usePorticoState.ts'

afterEach(cleanup)

/** An app's opener beside a readout of the modal's state, counting the readout's renders. */
function OpenerAndReadout({ renders }: { renders: string[] }) {
  const kit = useKit('test')
  const { open } = usePorticoState()
  renders.push(open ? 'open' : 'closed')
  return (
    <button type="button" onClick={() => kit.open()}>
      {open ? 'Open' : 'Closed'}
    </button>
  )
}

function renderApp() {
  const kit = createTestKit()
  const renders: string[] = []
  const Wrapper = withKit(kit)
  const view = render(
    <Wrapper>
      <OpenerAndReadout renders={renders} />
    </Wrapper>,
  )
  return { kit, renders, button: view.getByRole('button') }
}

describe("the app's hooks and the visitor's click", () => {
  it('a change made in the click reaches the app after the next paint, not inside the click', async () => {
    const { kit, renders, button } = renderApp()
    const before = renders.length
    fireEvent.click(button)
    // The kit is open at once (the modal shows in the click); the app's readout has not rendered yet.
    expect(kit.modal.store.get().open).toBe(true)
    expect(renders.length).toBe(before)
    expect(button.textContent).toBe('Closed')
    await waitFor(() => expect(button.textContent).toBe('Open'))
    // One render for the change, with the state the store holds.
    expect(renders.slice(before)).toEqual(['open'])
  })

  it('a change from anywhere else (a wallet, a timer) reaches the app at once', () => {
    const { kit, renders, button } = renderApp()
    const before = renders.length
    act(() => kit.open())
    expect(button.textContent).toBe('Open')
    expect(renders.slice(before)).toEqual(['open'])
  })

  it('several changes in one click make one render, of the last state', async () => {
    const { kit, renders, button } = renderApp()
    const before = renders.length
    button.addEventListener('click', () => {
      kit.close()
      kit.open()
    })
    fireEvent.click(button)
    await waitFor(() => expect(button.textContent).toBe('Open'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(renders.slice(before)).toEqual(['open'])
  })

  it('an app that unmounts before the paint is not rendered', async () => {
    const { kit, renders, button } = renderApp()
    const before = renders.length
    fireEvent.click(button)
    cleanup()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(kit.modal.store.get().open).toBe(true)
    expect(renders.length).toBe(before)
  })
})
