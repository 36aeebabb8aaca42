import { useState } from 'react'
import { css } from '../../styled-system/css'
import { PriorityBadge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { SelectField, TextField } from '../../components/ui/input.tsx'
import { useApiQuery } from '../../lib/api/use-api-query.ts'
import { CASE_STATES, PRIORITIES, type CaseState, type Priority } from '../../lib/domain/test-management.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { STATE_KEYS, stateKey } from './labels.ts'
import { PRIORITY_KEYS } from './rule-text.ts'
import type { CaseInfo } from './StaticContentEditor.tsx'
import { useDebounced } from '../../lib/use-debounced.ts'

const PAGE_SIZE = 50

export type CaseSearchProps = {
  projectId: string
  /** Cases already in the suite: shown as such, not offered again. */
  included: ReadonlySet<string>
  sections: ReadonlyArray<{ key: string; name: string }>
  tags: ReadonlyArray<{ tag: string; cases: number }>
  folders: readonly string[]
  onAdd: (cases: CaseInfo[], sectionKey: string) => void
}


/** The case search inside CaseSearchDialog: words and filters, the matching cases, the ones picked added to a section. */
export function CaseSearch({ projectId, included, sections, tags, folders, onAdd }: CaseSearchProps) {
  const t = useT()
  const [q, setQ] = useState('')
  const [priority, setPriority] = useState<Priority | ''>('')
  const [state, setState] = useState<CaseState | ''>('')
  const [tag, setTag] = useState('')
  const [folder, setFolder] = useState('')
  const [section, setSection] = useState(sections[0]?.key ?? '')
  const [picked, setPicked] = useState<Map<string, CaseInfo>>(new Map())
  const words = useDebounced(q.trim(), 250)
  const filters = {
    q: words || undefined,
    priorities: priority ? [priority] : undefined,
    states: state ? [state] : undefined,
    tags: tag ? [tag] : undefined,
    folder: folder || null,
  }
  const results = useApiQuery({ projectId, filters, pageSize: PAGE_SIZE }, (client, input, signal) => client.testCases.list.query(input, { signal }), { freshMs: 30_000, retries: 1 })
  const failure = results.failure
  const data = results.shown
  const items = data?.items ?? []

  function toggle(item: CaseInfo, on: boolean) {
    setPicked((current) => {
      const next = new Map(current)
      if (on) next.set(item.id, item)
      else next.delete(item.id)
      return next
    })
  }

  return (
    <>
      <Dialog.Body className={css({ display: 'grid', gap: '4' })}>
        <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } })}>
          <TextField
            label={t('suites.searchLabel')}
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            className={css({ gridColumn: '1 / -1' })}
            data-autofocus=""
            // The search loads after the dialog opened (CaseSearchDialog): it takes the focus when it arrives.
            autoFocus
          />
          <SelectField label={t('suites.priorityColumn')} value={priority} onChange={(event) => setPriority(event.target.value as Priority | '')}>
            <option value="">{t('suites.anyPriority')}</option>
            {PRIORITIES.map((value) => (
              <option key={value} value={value}>
                {t(PRIORITY_KEYS[value])}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('suites.stateColumn')} value={state} onChange={(event) => setState(event.target.value as CaseState | '')}>
            <option value="">{t('suites.anyState')}</option>
            {CASE_STATES.map((value) => (
              <option key={value} value={value}>
                {t(STATE_KEYS[value])}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('suites.tagLabel')} value={tag} onChange={(event) => setTag(event.target.value)}>
            <option value="">{t('suites.anyTag')}</option>
            {tags.map((item) => (
              <option key={item.tag} value={item.tag}>
                {item.tag}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('suites.ruleFolderLabel')} value={folder} onChange={(event) => setFolder(event.target.value)}>
            <option value="">{t('suites.anyFolder')}</option>
            {folders.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </SelectField>
        </div>
        <p role="status" aria-live="polite" className={css({ fontWeight: '600' })} data-testid="search-count">
          {!data && results.fetching ? t('suites.searching') : data ? t('suites.found', { count: data.total }) : ''}
        </p>
        {failure ? (
          <div role="alert" className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', color: 'error.text' })}>
            <span>{failure.message}</span>
            <Button variant="outline" onClick={() => void results.refresh()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : null}
        {items.length > 0 ? (
          <ul aria-label={t('suites.resultsLabel')} aria-busy={results.fetching} className={css({ display: 'grid', gap: '1', listStyle: 'none', p: '0', m: '0', opacity: results.fetching ? 0.7 : 1 })}>
            {items.map((item) => {
              const info: CaseInfo = { id: item.id, key: item.key, title: item.title, priority: item.priority, state: item.state }
              const inSuite = included.has(item.id)
              const state = stateKey(item.state)
              return (
                <li key={item.id} data-testid="search-result">
                  <Checkbox.Root
                    checked={inSuite || picked.has(item.id)}
                    disabled={inSuite}
                    onCheckedChange={(details) => toggle(info, details.checked === true)}
                    className={css({ display: 'flex', gap: '3', alignItems: 'center', minH: '10', px: '2', py: '1', borderRadius: 'l2', _hover: { bg: 'surface.hover' }, w: 'full' })}
                  >
                    <Checkbox.Control />
                    <Checkbox.Label className={css({ display: 'flex', gap: '2', alignItems: 'baseline', flexWrap: 'wrap', flex: '1', minW: '0' })}>
                      <span className={css({ fontFamily: 'mono', fontSize: 'sm', color: 'text.muted' })}>{item.key}</span>
                      <span className={css({ overflowWrap: 'anywhere' })}>{item.title}</span>
                      {inSuite ? <span className={css({ fontSize: 'sm', color: 'text.muted', fontStyle: 'italic' })}>{t('suites.alreadyIncluded')}</span> : null}
                    </Checkbox.Label>
                    <span className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
                      {state ? <span className={css({ fontSize: 'xs', color: 'text.muted' })}>{t(state)}</span> : null}
                      <PriorityBadge priority={item.priority} size="sm" />
                    </span>
                    <Checkbox.HiddenInput />
                  </Checkbox.Root>
                </li>
              )
            })}
          </ul>
        ) : data && data.total === 0 ? (
          <p className={css({ color: 'text.muted' })}>{t('suites.nothingFound')}</p>
        ) : null}
        {data && data.total > items.length ? <p className={css({ color: 'text.muted', fontSize: 'sm' })}>{t('suites.moreResults', { shown: items.length, total: data.total })}</p> : null}
      </Dialog.Body>
      <Dialog.Footer className={css({ flexWrap: 'wrap', alignItems: 'end' })}>
        {sections.length > 1 ? (
          <SelectField label={t('suites.addToSection')} value={section} onChange={(event) => setSection(event.target.value)} className={css({ me: 'auto' })}>
            {sections.map((item) => (
              <option key={item.key} value={item.key}>
                {item.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <Dialog.CloseTrigger asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </Dialog.CloseTrigger>
        <Button disabled={picked.size === 0} onClick={() => onAdd([...picked.values()], section)}>
          {t('suites.addPicked', { count: picked.size })}
        </Button>
      </Dialog.Footer>
    </>
  )
}
