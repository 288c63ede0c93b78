import type { Metadata } from 'next'
import type { ReactNode } from 'react'
import { Providers } from './providers.tsx'

export const metadata: Metadata = { title: 'Portico with Next.js' }

// A Server Component: the kit lives in the client module it renders.
export default function RootLayout({ children }: { readonly children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  )
}
