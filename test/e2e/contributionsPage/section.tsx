import type { PluginContext } from '../../../entries/portico.ts'

/** The test plugin's Connect section: one labelled text field. */
export function activate({ views }: PluginContext) {
  return views.register('EmailLikeSection', {
    title: 'Email login',
    component: () => (
      <label>
        Email
        <input type="email" name="email" className="input" />
      </label>
    ),
  })
}
