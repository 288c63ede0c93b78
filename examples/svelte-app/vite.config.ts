import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'vite'

// Svelte needs no setting for custom elements: a tag with a hyphen is one.
export default defineConfig({
  plugins: [svelte()],
})
