'use client'

import { type PorticoInitialState, createPortico } from 'portico'
import { eip155Plugin } from 'portico/eip155'
import { PorticoProvider } from 'portico/react'
import type { ReactNode } from 'react'
import { networks } from './networks.ts'

// One kit for the app's lifetime, created in a client module, outside React. Next.js
// runs this module on the server too (to render the page's HTML) and again in the browser.
// `ssr: true` keeps the connected account in a cookie the layout reads on the server.
const kit = createPortico({ projectId: 'portico-example-next-app', networks, plugins: [eip155Plugin()], ssr: true })

export function Providers({ initialState, children }: { readonly initialState?: PorticoInitialState | undefined; readonly children: ReactNode }) {
  return (
    <PorticoProvider kit={kit} initialState={initialState}>
      {children}
    </PorticoProvider>
  )
}
