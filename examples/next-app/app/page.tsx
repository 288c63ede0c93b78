import { ConnectButton } from 'portico/react'
import { Account } from './account.tsx'

// A Server Component (no 'use client'): portico/react is a client module, so the
// button is rendered on the server and hydrated in the browser.
export default function Home() {
  return (
    <main>
      <h1>Portico with Next.js</h1>
      <ConnectButton />
      <Account />
    </main>
  )
}
