import { useEffect, useRef } from 'react'
import { Badge, PriorityBadge } from '../../components/ui/badge.tsx'
import { Table } from '../../components/ui/table.tsx'
import { css, cx } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { caseHref } from '../../lib/routing/project-links.ts'
import { casesHref, type CaseQuery, type CaseSort } from './case-query.ts'
import { DateTime } from '../../components/DateTime.tsx'
import { duplicateTitles } from './duplicates.ts'
import { STATE_LABELS, TARGET_LABELS, TYPE_LABELS } from './labels.ts'
import { checkRow } from '../../components/native-controls.ts'
import { keyText, muted, plainList } from './styles.ts'
import type { CaseListItem } from './types.ts'

const SORTED_DESCENDING: ReadonlySet<CaseSort> = new Set(['priority', 'updated'])
// break-word, not anywhere: a folder path keeps its column wide enough for its words (the table scrolls instead).
const smallLink = css({ color: 'primary.text', overflowWrap: 'break-word' })

type Selection = { selected: ReadonlySet<string>; toggle: (id: string) => void; toggleAll: () => void }

/**
 * The page of cases as a table: each case's key, title (a link to the case), priority, type, state, tags, folder,
 * target and last change. Column headers that sort are links; tags, folders and targets link to the list narrowed
 * to them. With `selection`, each row gets a checkbox and the header one for the whole page.
 */
export function CaseTable({ projectId, query, items, selection }: { projectId: string; query: CaseQuery; items: CaseListItem[]; selection: Selection | null }) {
  const t = useT()
  const href = (changes: Partial<CaseQuery>) => casesHref(projectId, { ...query, page: 1, ...changes })
  const chosenOnPage = selection ? items.filter((item) => selection.selected.has(item.id)).length : 0
  const allBox = useRef<HTMLInputElement>(null)
  const duplicates = duplicateTitles(items)
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = chosenOnPage > 0 && chosenOnPage < items.length
  }, [chosenOnPage, items.length])

  const sortHeader = (sort: CaseSort, label: string) => {
    const active = query.sort === sort
    return (
      <Table.Header scope="col" aria-sort={active ? (SORTED_DESCENDING.has(sort) ? 'descending' : 'ascending') : undefined}>
        <a href={href({ sort })} className={css({ color: 'inherit', display: 'inline-flex', alignItems: 'center', gap: '1', minH: '10' })}>
          {label}
          {active ? <span aria-hidden="true">{SORTED_DESCENDING.has(sort) ? '↓' : '↑'}</span> : null}
          {!active ? <span className={css({ srOnly: true })}>{t('cases.sortBy')}</span> : null}
        </a>
      </Table.Header>
    )
  }

  return (
    // position: relative keeps the visually hidden labels (absolutely positioned) inside the scrolling box; without it
    // they would widen the page on a phone.
    <Table.Container aria-label={t('cases.tableLabel')} className={css({ overflowX: 'auto', maxW: '100%', position: 'relative' })}>
      <Table.Root density="compact" data-testid="case-table">
        <Table.Head>
          <Table.Row>
            {selection ? (
              <Table.Header scope="col">
                <label className={checkRow}>
                  <input ref={allBox} type="checkbox" checked={items.length > 0 && chosenOnPage === items.length} onChange={selection.toggleAll} />
                  <span className={css({ srOnly: true })}>{t('cases.selectAllOnPage')}</span>
                </label>
              </Table.Header>
            ) : null}
            {sortHeader('key', t('cases.columnKey'))}
            {sortHeader('title', t('cases.fieldTitle'))}
            {sortHeader('priority', t('cases.fieldPriority'))}
            <Table.Header scope="col">{t('cases.fieldType')}</Table.Header>
            <Table.Header scope="col">{t('cases.fieldState')}</Table.Header>
            <Table.Header scope="col">{t('cases.fieldTags')}</Table.Header>
            <Table.Header scope="col">{t('cases.fieldFolder')}</Table.Header>
            <Table.Header scope="col">{t('cases.fieldTarget')}</Table.Header>
            {sortHeader('updated', t('cases.columnUpdated'))}
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {items.map((item) => (
            <Table.Row key={item.id} data-testid="case-row" data-case-key={item.key}>
              {selection ? (
                <Table.Cell>
                  <label className={checkRow}>
                    <input type="checkbox" checked={selection.selected.has(item.id)} onChange={() => selection.toggle(item.id)} />
                    <span className={css({ srOnly: true })}>{t('cases.selectCase', { key: item.key, title: item.title })}</span>
                  </label>
                </Table.Cell>
              ) : null}
              <Table.Cell className={keyText}>{item.key}</Table.Cell>
              <Table.Cell className={css({ minW: '14rem' })}>
                <a href={caseHref(item.id)} className={css({ fontWeight: '500', overflowWrap: 'anywhere' })}>
                  {item.title}
                </a>
                {duplicates.has(item.id) ? (
                  <p className={css({ fontSize: 'sm', color: 'text.muted', display: 'flex', gap: '1', alignItems: 'baseline' })} data-testid="duplicate-title">
                    <span aria-hidden="true">⚠</span>
                    {t('cases.duplicateTitle', { keys: duplicates.get(item.id)!.join(', '), count: duplicates.get(item.id)!.length })}
                  </p>
                ) : null}
              </Table.Cell>
              <Table.Cell>
                <PriorityBadge priority={item.priority} />
              </Table.Cell>
              <Table.Cell className={css({ whiteSpace: 'nowrap' })}>{t(TYPE_LABELS[item.type])}</Table.Cell>
              <Table.Cell>
                <Badge variant="outline" data-state={item.state}>
                  {t(STATE_LABELS[item.state])}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                {item.tags.length > 0 ? (
                  <ul className={cx(plainList, css({ display: 'flex', flexWrap: 'wrap', gap: '1' }))}>
                    {item.tags.map((tag) => (
                      <li key={tag}>
                        <a href={href({ tags: [tag] })} className={smallLink}>
                          #{tag}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className={muted}>–</span>
                )}
              </Table.Cell>
              <Table.Cell>
                {item.folder ? (
                  <a href={href({ folder: item.folder, noFolder: false })} className={smallLink}>
                    {item.folder}
                  </a>
                ) : (
                  <span className={muted}>–</span>
                )}
              </Table.Cell>
              <Table.Cell>
                {item.target ? (
                  <a href={href({ targetKind: item.target.kind, targetId: item.target.id })} className={smallLink}>
                    <span className={css({ color: 'text.muted' })}>{t(TARGET_LABELS[item.target.kind])}: </span>
                    {item.target.label || item.target.id}
                  </a>
                ) : (
                  <span className={muted}>–</span>
                )}
              </Table.Cell>
              <Table.Cell className={css({ whiteSpace: 'nowrap', fontSize: 'sm' })}>
                <DateTime value={item.updatedAt} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.Container>
  )
}
