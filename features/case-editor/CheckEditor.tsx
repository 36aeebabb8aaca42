import { useId, useRef, useState } from 'react'
import { css } from '../../styled-system/css'
import { CheckEvidenceView } from '../../components/CheckEvidenceView.tsx'
import { Button } from '../../components/ui/button.tsx'
import { SelectField } from '../../components/ui/input.tsx'
import { CHECK_SCOPES, CHECK_SUBJECT, CHECK_TYPES, type CheckEvidence, type CheckType } from '../../lib/domain/checks.ts'
import type { FieldErrors } from '../../lib/forms/validation.ts'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import type { ApiInputs } from '../../lib/api/browser-client.ts'
import { useApiAction } from '../../lib/api/use-api-action.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { editorFailureTexts, loadDraftChecks } from './case-calls.ts'
import { defaultCheckDraft, type CheckDraft } from './check-draft.ts'
import { checkFields, hasScope, type CheckField } from './check-fields.ts'
import { minimumRange } from './check-range.ts'
import { CHECK_FIELD_KEYS } from './CheckSummary.tsx'
import { TextAreaField, TextInputField } from './controls.tsx'
import type { PortalOption } from './editor-types.ts'

// The "Check" section of an automated case, in both editors: the check type, the portal it runs against, its scope
// and only the fields its type needs, with "Try it now" (testCases.tryCheck: runs once, records nothing) and the
// evidence it answered. Field messages come from the editor (a refused save, `check.<field>`) or from a try.

const SUBJECT_GROUPS = ['portal', 'dataset', 'resource', 'organization'] as const
const GROUP_KEYS: Record<(typeof SUBJECT_GROUPS)[number], MessageKey> = {
  portal: 'editorparts.checkGroupPortal',
  dataset: 'editorparts.checkGroupDataset',
  resource: 'editorparts.checkGroupResource',
  organization: 'editorparts.checkGroupOrganization',
}

const HELP_KEYS: Partial<Record<CheckField, MessageKey>> = {
  dataset: 'editorparts.checkDatasetHelp',
  resource: 'editorparts.checkResourceHelp',
  organization: 'editorparts.checkOrganizationHelp',
  limit: 'editorparts.checkLimitHelp',
  minVersion: 'editorparts.checkMinVersionHelp',
  contentType: 'editorparts.checkContentTypeHelp',
  columns: 'editorparts.checkListHelp',
  tableSchema: 'editorparts.checkTableSchemaHelp',
  fields: 'editorparts.checkFieldsHelp',
}

export const checkTypeLabel = (t: ReturnType<typeof useT>, type: CheckType) => t(`checktypes.${type}` as MessageKey)

type Props = {
  projectId: string
  portals: readonly PortalOption[]
  /** The check as typed; null until the case has one (the default is shown). */
  value: CheckDraft | null
  errors: FieldErrors
  onChange: (check: CheckDraft, clear: readonly string[]) => void
  headingLevel: 2 | 3
}

export function CheckEditor({ projectId, portals, value, errors, onChange, headingLevel }: Props) {
  const t = useT()
  const id = useId()
  const check = value ?? defaultCheckDraft()
  const [tryErrors, setTryErrors] = useState<FieldErrors>({})
  const [tryPortal, setTryPortal] = useState(portals[0]?.id ?? '')
  const [evidence, setEvidence] = useState<CheckEvidence | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const tryCall = useApiAction((client, input: ApiInputs['testCases']['tryCheck']) => client.testCases.tryCheck.mutate(input), {
    failureTexts: editorFailureTexts(t, t('editorparts.checkNetworkError')),
  })
  const trying = tryCall.pending
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const fields = checkFields(check.type, check.scope)
  const errorOf = (field: string) => errors[`check.${field}`] ?? tryErrors[`check.${field}`]

  function set(patch: Partial<CheckDraft>) {
    const keys = Object.keys(patch).map((key) => `check.${key}`)
    setTryErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key))))
    onChange({ ...check, ...patch }, keys)
  }

  const portalForTry = check.portal || tryPortal
  // Set at once, as the editor's save: the checks load before the call, so `trying` renders too late for a second press.
  const tryingNow = useRef(false)
  async function tryNow() {
    if (tryingNow.current) return
    tryingNow.current = true
    try {
      await checkAndTry()
    } finally {
      tryingNow.current = false
    }
  }

  async function checkAndTry() {
    setFailure(null)
    setEvidence(null)
    const checks = await loadDraftChecks()
    if (!checks) {
      setFailure(t('editorparts.checkNetworkError'))
      return
    }
    const tried = checks.checkTry(check, t)
    setTryErrors(tried.ok ? {} : tried.errors)
    if (!tried.ok) {
      setFailure(t('editorparts.checkFixErrors', { count: Object.keys(tried.errors).length }))
      return
    }
    // A try records nothing: there is no page data to read again.
    const answer = await tryCall.run({ projectId, portalId: portalForTry || null, check: tried.check }, { refresh: false })
    if (answer.ok) {
      setEvidence(answer.result)
      return
    }
    if (Object.keys(answer.failure.fieldErrors).length > 0) setTryErrors(answer.failure.fieldErrors)
    setFailure(answer.failure.message)
  }

  const range = minimumRange(check.type)
  const text = (field: Exclude<CheckField, 'scope' | 'tableSchema'>, extra: { inputMode?: 'numeric' | 'decimal' | 'url'; type?: 'text' | 'url'; placeholder?: string } = {}) => (
    <TextInputField
      key={field}
      label={t(CHECK_FIELD_KEYS[field])}
      value={check[field]}
      onChange={(next) => set({ [field]: next })}
      error={errorOf(field)}
      helper={field === 'minimum' && range ? t('editorparts.checkMinimumRange', range) : HELP_KEYS[field] ? t(HELP_KEYS[field]) : undefined}
      testId={`check-${field}`}
      {...extra}
    />
  )

  return (
    <section aria-labelledby={`${id}-title`} className={css({ display: 'grid', gap: '4', minW: '0' })} data-testid="check-editor">
      <div className={css({ display: 'grid', gap: '1' })}>
        <Heading id={`${id}-title`} className={css({ fontSize: headingLevel === 2 ? 'lg' : 'md', fontWeight: '600' })}>
          {t('checks.sectionTitle')}
        </Heading>
        <p className={css({ fontSize: 'sm', color: 'text.muted' })}>{t('editorparts.checkIntro')}</p>
      </div>
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } })}>
        <SelectField
          label={t('checks.typeLabel')}
          invalid={Boolean(errorOf('type'))}
          errorText={errorOf('type')}
          value={check.type}
          onChange={(event) => set({ type: event.currentTarget.value as CheckType })}
          data-testid="check-type"
        >
          {SUBJECT_GROUPS.map((group) => (
            <optgroup key={group} label={t(GROUP_KEYS[group])}>
              {CHECK_TYPES.filter((type) => CHECK_SUBJECT[type] === group).map((type) => (
                <option key={type} value={type}>
                  {checkTypeLabel(t, type)}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <SelectField
          label={t('checks.portalLabel')}
          invalid={Boolean(errorOf('portal'))}
          errorText={errorOf('portal')}
          helperText={t('editorparts.checkPortalHelp')}
          value={check.portal}
          onChange={(event) => set({ portal: event.currentTarget.value })}
          data-testid="check-portal"
        >
          <option value="">{t('checks.portalOfRun')}</option>
          {portals.map((portal) => (
            <option key={portal.id} value={portal.id}>
              {portal.name}
            </option>
          ))}
          {check.portal && !portals.some((portal) => portal.id === check.portal) ? <option value={check.portal}>{check.portal}</option> : null}
        </SelectField>
        {hasScope(check.type) ? (
          <SelectField
            label={t('checks.scopeLabel')}
            invalid={Boolean(errorOf('scope'))}
            errorText={errorOf('scope')}
            value={check.scope}
            onChange={(event) => set({ scope: event.currentTarget.value as CheckDraft['scope'] })}
            data-testid="check-scope"
          >
            {CHECK_SCOPES.map((scope) => (
              <option key={scope} value={scope}>
                {t(`checks.scope_${scope}` as MessageKey)}
              </option>
            ))}
          </SelectField>
        ) : null}
        {fields.map((field) => {
          switch (field) {
            case 'scope':
            case 'tableSchema':
              return null
            case 'limit':
            case 'maxErrors':
            case 'days':
              return text(field, { inputMode: 'numeric' })
            case 'minimum':
              return text(field, { inputMode: 'decimal' })
            case 'resource':
              return text(field, { inputMode: 'url' })
            case 'minVersion':
              return text(field, { placeholder: '2.9' })
            case 'format':
              return text(field, { placeholder: 'CSV' })
            default:
              return text(field)
          }
        })}
      </div>
      {fields.includes('tableSchema') ? (
        <TextAreaField
          label={t('checks.fieldTableSchema')}
          value={check.tableSchema}
          onChange={(tableSchema) => set({ tableSchema })}
          error={errorOf('tableSchema')}
          helper={t('editorparts.checkTableSchemaHelp')}
          rows={5}
          testId="check-tableSchema"
        />
      ) : null}

      <div className={css({ display: 'grid', gap: '3', p: '3', borderRadius: 'l2', bg: 'surface', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', minW: '0' })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end' })}>
          {!check.portal && portals.length > 0 ? (
            <SelectField
              label={t('editorparts.checkTryPortal')}
              className={css({ flex: '1 1 14rem', minW: '0' })}
              value={tryPortal}
              onChange={(event) => setTryPortal(event.currentTarget.value)}
              data-testid="check-try-portal"
            >
              {portals.map((portal) => (
                <option key={portal.id} value={portal.id}>
                  {portal.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          <Button type="button" variant="outline" onClick={() => void tryNow()} loading={trying} disabled={!portalForTry} aria-describedby={`${id}-try-status`} data-testid="check-try">
            {t('editorparts.checkTry')}
          </Button>
        </div>
        {!portalForTry ? <p className={css({ fontSize: 'sm', color: 'text.muted' })}>{t('editorparts.checkTryNoPortal')}</p> : null}
        <p id={`${id}-try-status`} role="status" aria-live="polite" className={css({ fontSize: 'sm', color: 'text.muted' })} data-testid="check-try-status">
          {trying ? t('editorparts.checkRunning') : evidence && !failure ? t('editorparts.checkTried') : ''}
        </p>
        {failure ? (
          <p role="alert" className={css({ color: 'error.text', fontSize: 'sm' })} data-testid="check-try-error">
            {failure}
          </p>
        ) : null}
        {evidence && !trying ? <CheckEvidenceView evidence={evidence} /> : null}
      </div>
    </section>
  )
}
export default CheckEditor
