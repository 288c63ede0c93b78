import type { ReactNode } from 'react'
import type { PorticoKit } from '../../kernel/index.ts'
import { PorticoProvider } from '../provider/PorticoProvider.tsx'

/** A renderHook/render wrapper around <PorticoProvider kit={kit}>. */
export const withKit = (kit: PorticoKit) =>
  function Wrapper({ children }: { children?: ReactNode }) {
    return <PorticoProvider kit={kit}>{children}</PorticoProvider>
  }
