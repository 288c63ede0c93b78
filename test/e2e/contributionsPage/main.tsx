// A page for the contributions' browser test: the eip155 plugin and a test plugin whose
// Connect section (ranked above the wallet list) holds a text field. No React of its own:
// the modal renders with the kit's lazily loaded React.
import { createPortico, definePlugin, mainnet } from '../../../entries/portico.ts'
import { eip155Plugin } from '../../../plugins/namespaces/eip155/index.ts'

const emailLike = definePlugin({
  id: 'email-like',
  contributes: { views: ['EmailLikeSection'], connectMethods: [{ id: 'email', label: 'Email login', section: 'EmailLikeSection', rank: 10 }] },
  load: () => import('./section.tsx'),
})

const kit = createPortico({ projectId: 'contributions-page', networks: [mainnet], plugins: [eip155Plugin(), emailLike] })
document.querySelector('[data-testid="open-modal"]')!.addEventListener('click', () => kit.open())
