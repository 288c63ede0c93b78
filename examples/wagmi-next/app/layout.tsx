import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { cookieToInitialState } from 'wagmi'
import { getConfig } from './config.ts'
import { Providers } from './providers.tsx'

// No favicon to fetch: `data:,` as the icon, as the other examples' index.html have it.
export const metadata = { title: 'Portico on wagmi 3 (Next.js)', icons: { icon: 'data:,' } }

/** The visitor's wagmi connection, read from its cookie, so the server HTML already shows it. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const initialState = cookieToInitialState(getConfig(), (await headers()).get('cookie'))
  return (
    <html lang="en">
      <body>
        <Providers initialState={initialState}>{children}</Providers>
      </body>
    </html>
  )
}
