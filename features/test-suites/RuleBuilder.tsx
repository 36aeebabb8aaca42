import { css, cx } from '../../styled-system/css'
import { PriorityBadge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { CheckIcon } from '../../components/ui/icons.tsx'
import { useApiQuery } from '../../lib/api/use-api-query.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { PRIORITIES, type Priority, type SuiteRule } from '../../lib/domain/test-management.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { PRIORITY_KEYS } from './rule-text.ts'
import { SelectField } from '../../components/ui/input.tsx'
import { useRuleText } from './use-rule-text.ts'

export type PreviewCase = { id: string; key: string; title: string; priority: Priority }
export type RulePreview = { total: number; cases: PreviewCase[] }

const sameRule = (a: SuiteRule, b: SuiteRule) => JSON.stringify(a) === JSON.stringify(b)

const chipClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  minH: '10',
  px: '3',
  borderRadius: 'full',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.strong',
  bg: 'surface',
  color: 'text',
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'surface.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focus', outlineOffset: '2px' },
  '&[aria-pressed=true]': { bg: 'primary.subtle', color: 'primary.text', borderColor: 'primary', fontWeight: '600' },
})

type RuleBuilderProps = {
  projectId: string
  rule: SuiteRule
  onChange: (rule: SuiteRule) => void
  /** The tags in use in the project, with how many cases carry each (testCases.list). */
  tags: ReadonlyArray<{ tag: string; cases: number }>
  folders: readonly string[]
  portals: ReadonlyArray<{ id: string; name: string }>
  /** What the rule matched when the page was rendered, so the preview shows at once. */
  initialPreview?: { rule: SuiteRule } & RulePreview
  /** The rule's own validation message, if any. */
  error?: string
}

/** The conditions of a dynamic suite, each optional, with a live preview of the active cases they match now. */
export function RuleBuilder({ projectId, rule, onChange, tags, folders, portals, initialPreview, error }: RuleBuilderProps) {
  const t = useT()
  const ruleText = useRuleText(portals)
  const chosen = new Set(rule.tags.map((tag) => tag.toLowerCase()))
  // Tags of the rule that no case carries any more stay visible, so they can be removed.
  const tagChoices = [...tags, ...rule.tags.filter((tag) => !tags.some((item) => item.tag.toLowerCase() === tag.toLowerCase())).map((tag) => ({ tag, cases: 0 }))]

  function toggleTag(tag: string) {
    const on = chosen.has(tag.toLowerCase())
    onChange({ ...rule, tags: on ? rule.tags.filter((item) => item.toLowerCase() !== tag.toLowerCase()) : [...rule.tags, tag] })
  }

  return (
    <div className={css({ display: 'grid', gap: '5' })} data-testid="rule-builder">
      <fieldset className={css({ border: 'none', p: '0', m: '0', minW: '0' })}>
        <legend className={css({ fontSize: 'sm', fontWeight: '500', mb: '1' })}>{t('suites.ruleTagsLabel')}</legend>
        <p id="rule-tags-hint" className={css({ fontSize: 'sm', color: 'text.muted', mb: '2' })}>
          {t('suites.ruleTagsHint')}
        </p>
        {tagChoices.length === 0 ? (
          <p className={css({ fontSize: 'sm', color: 'text.muted' })}>{t('suites.noTags')}</p>
        ) : (
          <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: '0', m: '0' })}>
            {tagChoices.map(({ tag, cases }) => {
              const on = chosen.has(tag.toLowerCase())
              return (
                <li key={tag}>
                  <button type="button" className={chipClass} aria-pressed={on} aria-describedby="rule-tags-hint" onClick={() => toggleTag(tag)}>
                    {on ? <CheckIcon width={14} height={14} /> : null}
                    <span>{tag}</span>
                    <span className={css({ color: on ? 'primary.text' : 'text.muted', fontWeight: '400' })}>
                      <span aria-hidden="true">{cases}</span>
                      <span className={css({ srOnly: true })}>{t('suites.tagCases', { count: cases })}</span>
                    </span>
                  </button>
                </li>
              )
            })}
          </ul>
        )}
      </fieldset>
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } })}>
        <SelectField
          label={t('suites.ruleMinPriority')}
          value={rule.minPriority ?? ''}
          onChange={(event) => onChange({ ...rule, minPriority: (event.target.value || null) as Priority | null })}
        >
          <option value="">{t('suites.anyPriority')}</option>
          {PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {t('suites.atLeastPriority', { priority: t(PRIORITY_KEYS[priority]) })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('suites.ruleFolderLabel')}
          value={rule.folder ?? ''}
          helperText={t('suites.ruleFolderHint')}
          onChange={(event) => onChange({ ...rule, folder: event.target.value || null })}
        >
          <option value="">{t('suites.anyFolder')}</option>
          {[...new Set([...folders, ...(rule.folder ? [rule.folder] : [])])].map((folder) => (
            <option key={folder} value={folder}>
              {folder}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('suites.rulePortalLabel')}
          value={rule.portalId ?? ''}
          helperText={portals.length === 0 ? t('suites.noPortals') : undefined}
          onChange={(event) => onChange({ ...rule, portalId: event.target.value || null })}
        >
          <option value="">{t('suites.anyPortal')}</option>
          {portals.map((portal) => (
            <option key={portal.id} value={portal.id}>
              {portal.name}
            </option>
          ))}
          {rule.portalId && !portals.some((portal) => portal.id === rule.portalId) ? <option value={rule.portalId}>{rule.portalId}</option> : null}
        </SelectField>
      </div>
      {error ? (
        <p role="alert" className={css({ color: 'error.text', fontSize: 'sm' })}>
          {error}
        </p>
      ) : null}
      <RulePreviewPanel projectId={projectId} rule={rule} text={ruleText(rule)} initial={initialPreview && sameRule(initialPreview.rule, rule) ? initialPreview : undefined} />
    </div>
  )
}

function RulePreviewPanel({ projectId, rule, text, initial }: { projectId: string; rule: SuiteRule; text: string; initial?: RulePreview }) {
  const t = useT()
  const hydrated = useHydrated()
  // An answer is reused for 10 s (going back to a rule just tried), and the last one stays on screen, dimmed, while
  // the next rule's is on its way.
  const preview = useApiQuery<{ projectId: string; rule: SuiteRule }, RulePreview>(
    { projectId, rule },
    (client, input, signal) => client.testSuites.preview.query(input, { signal }),
    { enabled: hydrated, freshMs: 10_000, retries: 1, seed: initial },
  )
  const failure = preview.failure
  const data = preview.shown
  const updating = preview.fetching
  return (
    <section
      aria-labelledby="rule-preview-title"
      aria-busy={updating}
      className={css({ borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2', p: '4', bg: 'surface.raised', minW: '0' })}
      data-testid="rule-preview"
    >
      <h3 id="rule-preview-title" className={css({ fontSize: 'md', fontWeight: '600', mb: '1' })}>
        {t('suites.previewTitle')}
      </h3>
      <p className={css({ color: 'text.muted', fontSize: 'sm', mb: '3' })} data-testid="rule-text">
        {text}
      </p>
      <p role="status" aria-live="polite" className={css({ fontWeight: '600', mb: '2' })} data-testid="rule-preview-count">
        {!data && updating ? t('suites.previewLoading') : data ? t('suites.previewCount', { count: data.total }) : ''}
      </p>
      {failure ? (
        <div role="alert" className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', color: 'error.text', mb: '2' })}>
          <span>{failure.message}</span>
          <Button size="md" variant="outline" onClick={() => void preview.refresh()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {data && data.cases.length > 0 ? (
        <ul className={cx(css({ display: 'grid', gap: '1', listStyle: 'none', p: '0', m: '0' }), updating ? css({ opacity: 0.6 }) : undefined)} aria-label={t('suites.previewListLabel')}>
          {data.cases.map((item) => (
            <li key={item.id} className={css({ display: 'flex', gap: '2', alignItems: 'baseline', flexWrap: 'wrap', py: '1', borderBottomWidth: '1px', borderBottomStyle: 'solid', borderColor: 'border' })}>
              <span className={css({ fontFamily: 'mono', fontSize: 'sm', color: 'text.muted' })}>{item.key}</span>
              <span className={css({ flex: '1', minW: '0', overflowWrap: 'anywhere' })}>{item.title}</span>
              <PriorityBadge priority={item.priority} size="sm" />
            </li>
          ))}
        </ul>
      ) : null}
      {data && data.total > data.cases.length ? <p className={css({ color: 'text.muted', fontSize: 'sm', mt: '2' })}>{t('suites.previewMore', { count: data.total - data.cases.length })}</p> : null}
      {data && data.total === 0 ? <p className={css({ color: 'text.muted', fontSize: 'sm' })}>{t('suites.previewNone')}</p> : null}
    </section>
  )
}

// The module's part for a lazy import (the suite pages load it with their code: lazyWithGroups).
export default RuleBuilder
