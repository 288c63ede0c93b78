import { IPendingRequests, IRouter, ISnackService, IStorage, type PluginContext, type Token, resolve } from '../../kernel/index.ts'
import type { EmailAuth } from './authPort.ts'
import { createEmailController } from './controller.ts'
import { createEmailLoginSection } from './views/EmailLoginSection.tsx'
import { createEmailVerifyDeviceView } from './views/EmailVerifyDevice.tsx'
import { createEmailVerifyOtpView } from './views/EmailVerifyOtp.tsx'
import { createUpdateEmailPrimaryOtpView, createUpdateEmailSecondaryOtpView, createUpdateEmailView } from './views/UpdateEmail.tsx'
import { messages } from './locales/index.ts'
import {
  EMAIL_LOGIN_SECTION,
  EMAIL_VERIFY_DEVICE_VIEW,
  EMAIL_VERIFY_OTP_VIEW,
  UPDATE_EMAIL_PRIMARY_OTP_VIEW,
  UPDATE_EMAIL_SECONDARY_OTP_VIEW,
  UPDATE_EMAIL_VIEW,
} from './contract.ts'

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
    views.register(EMAIL_LOGIN_SECTION, { component: createEmailLoginSection(controller), title: 'Email', titleMessage: { catalogue: messages, key: 'email.title.login' } }),
    views.register(EMAIL_VERIFY_DEVICE_VIEW, {
      component: createEmailVerifyDeviceView(controller),
      title: 'Register Device',
      titleMessage: { catalogue: messages, key: 'email.title.registerDevice' },
    }),
    views.register(EMAIL_VERIFY_OTP_VIEW, {
      component: createEmailVerifyOtpView(controller),
      title: 'Confirm Email',
      titleMessage: { catalogue: messages, key: 'email.title.confirmEmail' },
    }),
    views.register(UPDATE_EMAIL_VIEW, { component: createUpdateEmailView(controller), title: 'Edit Email', titleMessage: { catalogue: messages, key: 'email.title.editEmail' } }),
    views.register(UPDATE_EMAIL_PRIMARY_OTP_VIEW, {
      component: createUpdateEmailPrimaryOtpView(controller),
      title: 'Confirm Current Email',
      titleMessage: { catalogue: messages, key: 'email.title.confirmCurrentEmail' },
    }),
    views.register(UPDATE_EMAIL_SECONDARY_OTP_VIEW, {
      component: createUpdateEmailSecondaryOtpView(controller),
      title: 'Confirm New Email',
      titleMessage: { catalogue: messages, key: 'email.title.confirmNewEmail' },
    }),
  ]
  return () => disposers.forEach((dispose) => dispose())
}
