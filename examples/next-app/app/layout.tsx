import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { porticoCookieToInitialState } from 'portico'
import type { ReactNode } from 'react'
import { Providers } from './providers.tsx'

export const metadata: Metadata = { title: 'Portico with Next.js' }

// A Server Component: the kit lives in the client module it renders. The visitor's cookie
// gives the server the account their last visit left connected, so the HTML already shows it.
export default async function RootLayout({ children }: { readonly children: ReactNode }) {
  const initialState = porticoCookieToInitialState((await headers()).get('cookie'))
  return (
    <html lang="en">
      <body>
        <Providers initialState={initialState}>{children}</Providers>
      </body>
    </html>
  )
}
