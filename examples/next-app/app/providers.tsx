'use client'

import { createPortico } from 'portico'
import { eip155Plugin } from 'portico/eip155'
import { PorticoProvider } from 'portico/react'
import type { ReactNode } from 'react'
import { networks } from './networks.ts'

// One kit for the app's lifetime, created in a client module, outside React. Next.js
// runs this module on the server too (to render the page's HTML) and again in the browser.
const kit = createPortico({ projectId: 'portico-example-next-app', networks, plugins: [eip155Plugin()] })

export function Providers({ children }: { readonly children: ReactNode }) {
  return <PorticoProvider kit={kit}>{children}</PorticoProvider>
}
