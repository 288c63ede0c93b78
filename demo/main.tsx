// Placeholder until the real demo app lands; it only proves the build and server work.
import { createRoot } from 'react-dom/client'

const root = document.getElementById('root')
if (root) createRoot(root).render(<h1>Portico demo</h1>)
