import { createPortico, definePorticoElements } from 'portico'
import { eip155Plugin } from 'portico/eip155'
import { porticoVue } from 'portico/vue'
import { createApp } from 'vue'
import App from './App.vue'
import { networks } from './networks.ts'

// One kit for the app's lifetime, created outside Vue. The <portico-*> elements are defined
// for it, and porticoVue(kit) gives it to the composables of every component.
const kit = createPortico({ projectId: 'portico-example-vue-app', networks, plugins: [eip155Plugin()] })
definePorticoElements(kit)

createApp(App).use(porticoVue(kit)).mount('#app')
