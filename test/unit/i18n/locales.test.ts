import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { LOCALES, catalogueAreas, checkLocale, glossaryMisses, readCatalogue, readGlossary } from '../../../scripts/catalogues.mjs'
import { LOCALES as KIT_LOCALES } from '../../../kernel/i18n/locales.ts'
import { Alerts, EmbeddedWalletErrorText, RPC_NOT_ALLOWED_UI_TEXT, SnackText, errorRegisteringName, tryAgainAfter } from '../../../kernel/errors/catalogue.ts'
import { TransactionCheckText } from '../../../kernel/errors/transaction.ts'

const ROOT = join(import.meta.dirname, '../../..')
const core = readCatalogue(join(ROOT, 'shell/ui/locales/en.json')).messages

/** The locales that have at least one file: each is checked whole (a partial locale fails). */
const present = LOCALES.filter((locale) => catalogueAreas(ROOT).some((area) => existsSync(join(ROOT, area, `${locale}.json`))))

describe('the English catalogue keeps the SPEC §8 wording', () => {
  it('every snack text is the catalogue constant, word for word', () => {
    expect(core['snack.tokenBalanceUnavailable']).toBe(SnackText.TOKEN_BALANCE_UNAVAILABLE)
    expect(core['snack.somethingWentWrong']).toBe(SnackText.SOMETHING_WENT_WRONG)
    expect(core['snack.solanaSendFailed']).toBe(SnackText.SOLANA_SEND_FAILED)
    expect(core['snack.failedToFetchTransactions']).toBe(SnackText.FAILED_TO_FETCH_TRANSACTIONS)
    expect(core['snack.transactionStarted']).toBe(SnackText.TRANSACTION_STARTED)
    expect(core['snack.authenticating']).toBe(SnackText.AUTHENTICATING)
    expect(core['snack.authInitFailed']).toBe(SnackText.AUTH_INIT_FAILED)
    expect(core['snack.signatureDeclined']).toBe(SnackText.SIGNATURE_DECLINED)
    expect(core['snack.smartAccountUnsupported']).toBe(SnackText.SMART_ACCOUNT_UNSUPPORTED)
    expect(core['snack.actionNotAllowed']).toBe(RPC_NOT_ALLOWED_UI_TEXT)
    expect(core['snack.tryAgainAfter']!.replace('{seconds}', '30')).toBe(tryAgainAfter(30))
    expect(core['snack.errorRegisteringName']!.replace('{name}', 'alice')).toBe(errorRegisteringName('alice'))
    expect(core['error.fallback']).toBe(EmbeddedWalletErrorText.FALLBACK)
  })

  it('every transaction-check refusal (SPEC §5) has its snack text, word for word, so the visitor reads it translated', () => {
    const keys: Record<keyof typeof TransactionCheckText, string> = {
      MALFORMED: 'transactionMalformed',
      CHAIN_ID: 'transactionChainId',
      ADDRESS: 'transactionAddress',
      FEE_CAP: 'transactionFeeCap',
      TIP_ABOVE_FEE_CAP: 'transactionTipAboveFeeCap',
      STORAGE_KEY_SIZE: 'transactionStorageKeySize',
      BLOB_HASHES_EMPTY: 'transactionBlobHashesEmpty',
      BLOB_HASH_SIZE: 'transactionBlobHashSize',
      BLOB_HASH_VERSION: 'transactionBlobHashVersion',
      FEE_MARKET_FIELDS: 'transactionFeeMarketFields',
    }
    for (const [reason, key] of Object.entries(keys)) expect(core[`snack.${key}`]).toBe(TransactionCheckText[reason as keyof typeof TransactionCheckText])
  })

  it('every alert, short and long, is the catalogue constant', () => {
    const keys: Record<keyof typeof Alerts, string> = {
      INVALID_APP_CONFIGURATION: 'invalidAppConfiguration',
      NETWORK_NOT_FOUND: 'networkNotFound',
      SESSION_EXPIRED: 'sessionExpired',
      INVALID_PROJECT_ID: 'invalidProjectId',
      PROJECT_ID_NOT_CONFIGURED: 'projectIdNotConfigured',
      SOCIALS_TIMEOUT: 'socialsTimeout',
      PLUGIN_LOAD_FAILED: 'pluginLoadFailed',
    }
    for (const [name, key] of Object.entries(keys)) {
      const alert = Alerts[name as keyof typeof Alerts]
      expect(core[`alert.${key}.short`]).toBe(alert.shortMessage)
      expect(core[`alert.${key}.long`]).toBe(alert.longMessage)
    }
  })
})

describe('every locale file passes the check (npm run i18n:check)', () => {
  it('the check knows the 22 locales the kit accepts', () => {
    expect(LOCALES).toEqual([...KIT_LOCALES])
    expect(LOCALES).toHaveLength(22)
  })

  it('English is complete and valid', () => {
    expect(checkLocale('en', ROOT).problems).toEqual([])
  })

  it.each(present.filter((locale) => locale !== 'en'))('%s: complete, valid ICU, same arguments, glossary terms, ≤ 3 KB gzip a file', (locale) => {
    expect(checkLocale(locale, ROOT).problems).toEqual([])
  })
})

describe('the check catches what a translator can get wrong', () => {
  // A copy of the catalogues with one bad locale file in it.
  const scratch = mkdtempSync(join(tmpdir(), 'portico-locales-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))
  for (const area of catalogueAreas(ROOT)) cpSync(join(ROOT, area, 'en.json'), join(scratch, area, 'en.json'))
  cpSync(join(ROOT, 'shell/locales/glossary.json'), join(scratch, 'shell/locales/glossary.json'))
  const write = (area: string, messages: Record<string, unknown>) => writeFileSync(join(scratch, area, 'de.json'), JSON.stringify(messages))
  const english = (area: string) => readCatalogue(join(ROOT, area, 'en.json')).messages
  const header = { $meta: { locale: 'de', glossaryChecked: 'yes', checkedBy: 'test/unit/i18n/locales.test.ts' } }
  for (const area of catalogueAreas(ROOT)) write(area, { ...header, ...english(area) })

  it('a missing key, an unknown key, a lost argument, bad ICU and a term off the glossary are each reported', () => {
    write('shell/locales/core', {
      ...header,
      ...english('shell/locales/core'),
      'connect.moreWallets': undefined,
      'connect.moreWalletz': 'Weitere',
      'connectingExternal.continueIn': 'Weiter in der App',
      'modal.partLoadFailed': '{part konnte nicht geladen werden',
      'account.disconnect': 'Abmelden',
    })
    const { problems } = checkLocale('de', scratch)
    const core = problems.filter((problem) => problem.startsWith('shell/locales/core/de.json'))
    expect(core).toContainEqual(expect.stringContaining('"connect.moreWallets" is missing'))
    expect(core).toContainEqual(expect.stringContaining('"connect.moreWalletz" is not in en.json'))
    expect(core).toContainEqual(expect.stringContaining('"connectingExternal.continueIn" must use the same {arguments} as English (missing: wallet'))
    expect(core).toContainEqual(expect.stringContaining('"modal.partLoadFailed" is not valid ICU MessageFormat'))
    expect(core).toContainEqual(expect.stringContaining('"account.disconnect" translates "disconnect" without the glossary\'s term (trenn)'))
  })

  it("the glossary reads what a message shows: a select case's text counts, its key (send, receive, buy) does not", () => {
    const glossary = readGlossary(ROOT)
    const operation = '{kind, select, send {Sent} receive {Received} other {Other}}'
    // Each case's text is one plain word, as in Spanish: the terms are in what is shown.
    expect(glossaryMisses(glossary, 'es', operation, '{kind, select, send {Enviado} receive {Recibido} other {Otro}}')).toEqual([])
    // English that shows "Send" needs the locale's form in what the translation shows.
    expect(glossaryMisses(glossary, 'es', 'Send {amount}', 'Mandar {amount}').map((miss) => miss.term)).toEqual(['send'])
  })

  it('a plural without the categories the language needs is reported (ar needs six)', () => {
    write('shell/locales/core', { ...header, ...english('shell/locales/core') })
    writeFileSync(
      join(scratch, 'shell/locales/core/ar.json'),
      JSON.stringify({
        $meta: { locale: 'ar', glossaryChecked: 'no' },
        ...english('shell/locales/core'),
        'connect.moreWalletsCount': '{count, plural, one {واحد} other {#}}',
      }),
    )
    const problems = checkLocale('ar', scratch).problems.filter((problem) => problem.includes('connect.moreWalletsCount'))
    expect(problems.sort()).toEqual(['few', 'many', 'two', 'zero'].map((category) => expect.stringContaining(`lacks the "${category}" case ar needs`)))
  })

  it('a rich-text placeholder dropped, renumbered or left open is reported: its link would be lost', () => {
    const legal = (both: string) =>
      `{documents, select, both {${both}} terms {Ich akzeptiere die <0>Nutzungsbedingungen</0>} other {Ich akzeptiere die <1>Datenschutzerklärung</1>}}`
    for (const [both, found] of [
      ['Ich akzeptiere die Nutzungsbedingungen und die <1>Datenschutzerklärung</1>', '1'],
      ['Ich akzeptiere die <0>Nutzungsbedingungen</0> und die <2>Datenschutzerklärung</2>', '0, 2'],
      ['Ich akzeptiere die <0>Nutzungsbedingungen und die <1>Datenschutzerklärung</1>', '1 (one not closed)'],
    ]) {
      write('shell/locales/core', { ...header, ...english('shell/locales/core'), 'connect.legalAgreement': legal(both!) })
      expect(checkLocale('de', scratch).problems).toContainEqual(
        expect.stringContaining(`"connect.legalAgreement" must keep the rich-text placeholders of English, each opened and closed (documents=both: 0, 1; here: ${found})`),
      )
    }
    write('shell/locales/core', {
      ...header,
      ...english('shell/locales/core'),
      'connect.legalAgreement': legal('Ich akzeptiere die <0>Nutzungsbedingungen</0> und die <1>Datenschutzerklärung</1>'),
    })
    expect(checkLocale('de', scratch).problems.filter((problem) => problem.includes('connect.legalAgreement'))).toEqual([])
  })

  it('an opener text with a plural or select is reported: the first screen formats arguments only', () => {
    write('host/locales', {
      ...header,
      ...english('host/locales'),
      'opener.switchNetwork': '{network, select, Base {Base, Netzwerk wechseln} other {{network}, Netzwerk wechseln}}',
    })
    expect(checkLocale('de', scratch).problems).toContainEqual(
      expect.stringContaining('host/locales/de.json: "opener.switchNetwork" is an opener text: arguments only, no plural or select'),
    )
    write('host/locales', { ...header, ...english('host/locales') })
  })

  it('a file over 3 KB gzip compiled is reported', () => {
    const big = Object.fromEntries(
      Object.keys(english('shell/locales/core')).map((key, i) => [key, `${english('shell/locales/core')[key]} ${crypto.randomUUID()}${crypto.randomUUID()}${i}`]),
    )
    write('shell/locales/core', { ...header, ...big })
    expect(checkLocale('de', scratch).problems).toContainEqual(expect.stringMatching(/core\/de\.json: \d+ B gzip compiled, over the 3072 B/))
  })

  it('the header says which locale it is and whether the glossary was checked', () => {
    write('shell/locales/core', { $meta: { locale: 'fr', glossaryChecked: 'maybe' }, ...english('shell/locales/core') })
    const problems = checkLocale('de', scratch).problems
    expect(problems).toContainEqual(expect.stringContaining('"$meta".locale must be "de"'))
    expect(problems).toContainEqual(expect.stringContaining('"$meta".glossaryChecked must be "yes" or "no"'))
  })
})
