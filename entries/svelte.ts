/**
 * The `portico/svelte` entry: types only. Importing it (`import type {} from 'portico/svelte'`)
 * types the `<portico-*>` elements in Svelte markup; the kit's stores are Svelte stores already
 * (`kit.chains.select(...)` works with `$`), so there is no code here.
 */
export type { PorticoSvelteElements } from '../adapters/svelte/elementTypes.ts'
