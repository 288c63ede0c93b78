import {
  IPendingRequests,
  IRouter,
  ISnackService,
  IStorage,
  type PluginContext,
  type Token,
  resolve,
} from '../../kernel/index.ts'
import type { EmailAuth } from './authPort.ts'
import { createEmailController } from './controller.ts'
import { createEmailLoginSection } from './views/EmailLoginSection.tsx'
import { createEmailVerifyDeviceView } from './views/EmailVerifyDevice.tsx'
import { createEmailVerifyOtpView } from './views/EmailVerifyOtp.tsx'
import { createUpdateEmailPrimaryOtpView, createUpdateEmailSecondaryOtpView, createUpdateEmailView } from './views/UpdateEmail.tsx'

/** The email plugin body: its section and views over the embedded wallet's service. */
export function activate(context: PluginContext, authToken: Token<EmailAuth>) {
  const { container, views } = context
  const controller = createEmailController({
    auth: resolve(container, authToken),
    router: resolve(container, IRouter),
    snack: resolve(container, ISnackService),
    storage: resolve(container, IStorage),
    pending: resolve(container, IPendingRequests),
  })
  const disposers = [
    views.register('EmailLoginSection', { component: createEmailLoginSection(controller), title: 'Email' }),
    views.register('EmailVerifyDevice', { component: createEmailVerifyDeviceView(controller), title: 'Register Device' }),
    views.register('EmailVerifyOtp', { component: createEmailVerifyOtpView(controller), title: 'Confirm Email' }),
    views.register('UpdateEmailWallet', { component: createUpdateEmailView(controller), title: 'Edit Email' }),
    views.register('UpdateEmailPrimaryOtp', { component: createUpdateEmailPrimaryOtpView(controller), title: 'Confirm Current Email' }),
    views.register('UpdateEmailSecondaryOtp', { component: createUpdateEmailSecondaryOtpView(controller), title: 'Confirm New Email' }),
  ]
  return () => disposers.forEach((dispose) => dispose())
}
