import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [
    vue({
      // <portico-button> and the other <portico-*> tags are the page's custom elements, not
      // Vue components: without this, Vue warns "Failed to resolve component: portico-button".
      template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('portico-') } },
    }),
  ],
})
