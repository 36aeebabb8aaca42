import { useState, type ChangeEvent, type FormEvent } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { css } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { CASE_STATES, CASE_TYPES, PRIORITIES, TARGET_KINDS } from '../../lib/domain/test-management.ts'
import { CASES_PATH, casesHref, parseCaseQuery, withoutFilters, type CaseQuery } from './case-query.ts'
import { PRIORITY_LABELS, STATE_LABELS, TARGET_LABELS, TYPE_LABELS } from './labels.ts'
import { checkRow, nativeSelect } from '../../components/native-controls.ts'
import { fieldLabel, fieldset, legend } from './styles.ts'

/**
 * The filters. A GET form to the list page: without JavaScript it loads the filtered page from the server; with it,
 * choices apply as soon as they change and the text on submit, without a reload. The folder, a target id and the
 * sort travel in hidden fields.
 */
// A select as wide as its longest option (a long tag) shrinks to the row instead of widening the form.
const selectField = css({ minW: '0', maxW: 'full' })

export function CaseFilterForm({ projectId, query, tags, onChange }: { projectId: string; query: CaseQuery; tags: Array<{ tag: string; cases: number }>; onChange: (next: CaseQuery) => void }) {
  const t = useT()
  // The text is edited freely and applied on submit; a query from elsewhere (the back button) replaces it.
  const [draft, setDraft] = useState(query.q)
  const [appliedQ, setAppliedQ] = useState(query.q)
  if (appliedQ !== query.q) {
    setAppliedQ(query.q)
    setDraft(query.q)
  }

  const read = (form: HTMLFormElement) => {
    const entries = [...new FormData(form)].map(([key, value]): [string, string] => [key, String(value)])
    return { ...parseCaseQuery(new URLSearchParams(entries)), page: 1 }
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onChange(read(event.currentTarget))
  }
  // Every choice but the text applies at once; the text keeps what the query says until submitted.
  const onChoice = (event: ChangeEvent<HTMLFormElement>) => {
    if ((event.target as HTMLElement).getAttribute('name') === 'q') return
    onChange({ ...read(event.currentTarget), q: query.q })
  }
  const tagChoices = tags.some((entry) => entry.tag === query.tags[0]) || !query.tags[0] ? tags : [{ tag: query.tags[0], cases: 0 }, ...tags]

  const checks = <T extends string>(name: string, values: readonly T[], chosen: readonly T[], labels: Record<T, Parameters<typeof t>[0]>, title: string) => (
    <fieldset className={fieldset}>
      <legend className={legend}>{title}</legend>
      <div className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '2' })}>
        {values.map((value) => (
          <label key={value} className={checkRow}>
            <input type="checkbox" name={name} value={value} checked={chosen.includes(value)} onChange={() => {}} />
            {t(labels[value])}
          </label>
        ))}
      </div>
    </fieldset>
  )

  return (
    <form role="search" aria-label={t('cases.filtersLabel')} method="get" action={CASES_PATH} onSubmit={onSubmit} onChange={onChoice} className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '3', mb: '6' })}>
      <input type="hidden" name="project" value={projectId} />
      <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' })}>
        <div className={css({ flex: '1', minW: { base: '100%', sm: '16rem' } })}>
          <label htmlFor="cases-q" className={fieldLabel}>
            {t('cases.searchLabel')}
          </label>
          <Input id="cases-q" name="q" type="search" value={draft} onChange={(event) => setDraft(event.target.value)} maxLength={200} placeholder={t('cases.searchPlaceholder')} />
        </div>
        <Button type="submit">{t('cases.applyFilters')}</Button>
      </div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '6', rowGap: '3', alignItems: 'flex-start' })}>
        {checks('priority', PRIORITIES, query.priorities, PRIORITY_LABELS, t('cases.fieldPriority'))}
        {checks('type', CASE_TYPES, query.types, TYPE_LABELS, t('cases.fieldType'))}
        {checks('state', CASE_STATES, query.states, STATE_LABELS, t('cases.fieldState'))}
        <div className={selectField}>
          <label htmlFor="cases-tag" className={fieldLabel}>
            {t('cases.fieldTag')}
          </label>
          <select id="cases-tag" name="tag" value={query.tags[0] ?? ''} onChange={() => {}} className={nativeSelect}>
            <option value="">{t('cases.anyTag')}</option>
            {tagChoices.map((entry) => (
              <option key={entry.tag} value={entry.tag}>
                {t('cases.tagOption', { tag: entry.tag, count: entry.cases })}
              </option>
            ))}
          </select>
        </div>
        <div className={selectField}>
          <label htmlFor="cases-target" className={fieldLabel}>
            {t('cases.fieldTarget')}
          </label>
          <select id="cases-target" name="target" value={query.targetKind ?? ''} onChange={() => {}} className={nativeSelect}>
            <option value="">{t('cases.anyTarget')}</option>
            {TARGET_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(TARGET_LABELS[kind])}
              </option>
            ))}
          </select>
        </div>
      </div>
      {query.tags.slice(1).map((tag) => (
        <input key={tag} type="hidden" name="tag" value={tag} />
      ))}
      {query.targetId ? <input type="hidden" name="targetId" value={query.targetId} /> : null}
      {query.noFolder ? <input type="hidden" name="nofolder" value="1" /> : query.folder ? <input type="hidden" name="folder" value={query.folder} /> : null}
      {query.sort !== 'key' ? <input type="hidden" name="sort" value={query.sort} /> : null}
      <p className={css({ fontSize: 'sm' })}>
        <a href={casesHref(projectId, withoutFilters(query))}>{t('cases.resetFilters')}</a>
      </p>
    </form>
  )
}
