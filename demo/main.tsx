import './demo.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { PorticoProvider } from '../entries/react.ts'
import { App } from './App.tsx'
import { kit } from './config.ts'

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PorticoProvider kit={kit}>
        <App />
      </PorticoProvider>
    </StrictMode>,
  )
}
