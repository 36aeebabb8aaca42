import { useRef, useState, type MouseEvent } from 'react'
import { LinkPager } from '../../components/LinkPager.tsx'
import { PageIntro } from '../../components/PageIntro.tsx'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { XIcon } from '../../components/ui/icons.tsx'
import { css, cx } from '../../styled-system/css'
import { roleAtLeast } from '../../lib/domain/test-management.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { caseCreateHref, enhancedEditorHref } from '../../lib/routing/project-links.ts'
import { CASES_PATH, casesHref, hasFilters, PAGE_SIZE, parseCaseQuery, withoutFilters, type CaseQuery } from './case-query.ts'
import { CaseFilterForm } from './CaseFilterForm.tsx'
import { CaseTable } from './CaseTable.tsx'
import { FolderNav } from './FolderNav.tsx'
import { lazyPanel } from '../../components/lazy-panel.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { TARGET_LABELS } from './labels.ts'
import { linkButton, muted, panel, sectionHeading } from './styles.ts'
import type { applyBulkChange } from './optimistic.ts'
import type { BulkAction, CaseList } from './types.ts'
import { useBulkChange, useCaseList } from './use-case-list.ts'
import { madeBy } from '../../lib/made-by.ts'

// What needs a click to appear loads with that click (about 3 KB gzip the list's first paint does without).
const CsvExport = lazyPanel(() => import('./CsvExport.tsx').then((module) => module.CsvExport))
const CsvImport = lazyPanel(() => import('./CsvImport.tsx').then((module) => module.CsvImport))
const BulkForm = lazyPanel(() => import('./BulkBar.tsx').then((module) => module.BulkForm))

/** What pages/test-cases/+data.ts hands the list. */
export type CaseListData = { query: CaseQuery; list: CaseList }

type Notice = { tone: 'success' | 'error'; text: string; undo?: { id: string; count: number } }

const plainClick = (anchor: HTMLAnchorElement, event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !anchor.target && !anchor.hasAttribute('download')

/**
 * The test cases of a project: filters, the folder tree, a sortable page of cases, selection with bulk changes (undo
 * for deletions), CSV export and import. Everything is a link or a GET form first, so the page is complete without
 * JavaScript; with it, each is a client-side navigation that renders the page's data for the new URL in place (the
 * previous list stays on screen, dimmed, until then), and changes load the API client when first made.
 */
export function CaseListPage({ projectId, data: pageData }: { projectId: string; data: CaseListData }) {
  const t = useT()
  const hydrated = useHydrated()
  const { query, go, busy, refresh } = useCaseList(projectId, pageData)
  const { list: data, apply: applyBulk, bulkPending, restore, restorePending } = useBulkChange(projectId, pageData.list, refresh)
  const canEdit = roleAtLeast(data.role, 'editor')
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [openPanel, setOpenPanel] = useState<'export' | 'import' | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const resultsHeading = useRef<HTMLHeadingElement>(null)

  const change = (next: CaseQuery, focusResults: boolean) => {
    go(next)
    setSelected(new Set())
    if (focusResults) resultsHeading.current?.focus()
  }

  // Folder, tag, target, sort and page links lead to this page: here they go through `go`, which keeps the scroll
  // position and shows the old list busy meanwhile. stopPropagation keeps Vike's own link handling (which scrolls to
  // the top) out of it.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest('a[href]')
    if (!madeBy(anchor, HTMLAnchorElement) || event.defaultPrevented || !plainClick(anchor, event)) return
    const url = new URL(anchor.href)
    if (url.origin !== window.location.origin || url.pathname !== CASES_PATH || url.searchParams.get('project') !== projectId) return
    event.preventDefault()
    event.stopPropagation()
    change(parseCaseQuery(url.searchParams), anchor.closest('[data-focus-results]') !== null)
  }

  const items = data.items
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const toggleAll = () =>
    setSelected((current) => {
      const everyone = items.length > 0 && items.every((item) => current.has(item.id))
      const next = new Set(current)
      for (const item of items) {
        if (everyone) next.delete(item.id)
        else next.add(item.id)
      }
      return next
    })
  const selectedIds = items.filter((item) => selected.has(item.id)).map((item) => item.id)

  // A failed change keeps the selection, so it can be tried again.
  const apply = async (action: BulkAction, preview: typeof applyBulkChange) => {
    setNotice(null)
    const outcome = await applyBulk(selectedIds, action, preview)
    if (!outcome.ok) {
      setNotice({ tone: 'error', text: outcome.failure.message })
      return
    }
    const done = outcome.result
    if (action.kind === 'delete') {
      setSelected(new Set())
      setNotice({ tone: 'success', text: t('cases.deletedCount', { count: done.changed }), undo: done.undo ? { id: done.undo, count: done.changed } : undefined })
    } else setNotice({ tone: 'success', text: action.kind === 'addToSuite' ? t('cases.addedToSuite', { count: done.changed }) : t('cases.bulkDone', { count: done.changed }) })
  }

  const undo = async (id: string) => {
    const outcome = await restore(id)
    setNotice(outcome.ok ? { tone: 'success', text: t('cases.restoredCount', { count: outcome.result.restored }) } : { tone: 'error', text: outcome.failure.message })
  }

  const filtered = hasFilters(query)
  const folderTotal = data.folders.reduce((sum, entry) => sum + entry.cases, 0)
  const pageCount = Math.ceil(data.total / PAGE_SIZE)
  const targetLabel = query.targetId ? (items.find((item) => item.target?.id === query.targetId)?.target?.label ?? query.targetId) : null

  const togglePanel = (which: 'export' | 'import') => setOpenPanel((current) => (current === which ? null : which))

  return (
    <div onClick={onClick}>
      <PageIntro title={t('pages.testCasesTitle')} description={t('cases.listDescription', { project: data.project.name })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', mb: '6' })}>
          {canEdit ? (
            <>
              <Button asChild>
                <a href={caseCreateHref(projectId, query.noFolder ? undefined : query.folder || undefined)}>{t('cases.newCase')}</a>
              </Button>
              <Button asChild variant="outline">
                <a href={enhancedEditorHref(projectId)}>{t('cases.enhancedEditor')}</a>
              </Button>
            </>
          ) : null}
          {hydrated ? (
            <>
              <Button variant="outline" aria-expanded={openPanel === 'export'} aria-controls="cases-export-panel" onClick={() => togglePanel('export')}>
                {t('cases.exportOpen')}
              </Button>
              {canEdit ? (
                <Button variant="outline" aria-expanded={openPanel === 'import'} aria-controls="cases-import-panel" onClick={() => togglePanel('import')}>
                  {t('cases.importOpen')}
                </Button>
              ) : null}
            </>
          ) : null}
        </div>
        <div id="cases-export-panel" hidden={openPanel !== 'export'} className={css({ mb: '6' })}>
          {openPanel === 'export' ? <CsvExport projectId={projectId} selectedIds={selectedIds} /> : null}
        </div>
        <div id="cases-import-panel" hidden={openPanel !== 'import'} className={css({ mb: '6' })}>
          {openPanel === 'import' ? <CsvImport projectId={projectId} onImported={refresh} /> : null}
        </div>
      </PageIntro>

      <CaseFilterForm projectId={projectId} query={query} tags={data.tags} onChange={(next) => change(next, false)} />

      <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: '15rem minmax(0, 1fr)' }, alignItems: 'start' })}>
        <FolderNav projectId={projectId} query={query} folders={data.folders} />
        <section aria-labelledby="cases-results" aria-busy={busy || undefined} className={css({ display: 'grid', gap: '3', minW: '0' })}>
          <h2 id="cases-results" ref={resultsHeading} tabIndex={-1} className={sectionHeading}>
            {t('cases.resultsHeading')}
          </h2>
          <div className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '3', alignItems: 'baseline' })}>
            <p role="status" data-testid="cases-count" className={css({ fontWeight: '500' })}>
              {t('cases.count', { count: data.total })}
            </p>
            {busy ? (
              <p role="status" data-testid="cases-busy" className={muted}>
                {t('common.loading')}
              </p>
            ) : null}
          </div>
          {query.targetId ? (
            <p className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
              <Badge asChild size="lg" tone="primary">
                <a href={casesHref(projectId, { ...query, targetId: '', targetKind: null, page: 1 })} aria-label={t('cases.removeTargetFilter', { target: targetLabel ?? '' })} className={css({ textDecoration: 'none' })}>
                  {query.targetKind ? `${t(TARGET_LABELS[query.targetKind])}: ` : ''}
                  {targetLabel}
                  <XIcon />
                </a>
              </Badge>
            </p>
          ) : null}

          <div aria-live="polite" className={css({ display: 'grid', gap: '2' })}>
            {notice ? (
              <div
                role={notice.tone === 'error' ? 'alert' : undefined}
                data-testid="cases-notice"
                className={cx(
                  css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', borderRadius: 'l2', px: '4', py: '2', borderWidth: '1px', borderStyle: 'solid' }),
                  notice.tone === 'error' ? css({ bg: 'error.subtle', color: 'error.text', borderColor: 'error' }) : css({ bg: 'success.subtle', color: 'success.text', borderColor: 'success' }),
                )}
              >
                <span>{notice.text}</span>
                {notice.undo ? (
                  <Button size="sm" variant="outline" loading={restorePending} onClick={() => void undo(notice.undo!.id)}>
                    {t('cases.undo')}
                  </Button>
                ) : null}
                <button type="button" className={linkButton} onClick={() => setNotice(null)}>
                  {t('common.close')}
                </button>
              </div>
            ) : null}
          </div>

          {hydrated && selectedIds.length > 0 ? (
            <section aria-label={t('cases.selectionLabel')} className={panel} data-testid="selection-bar">
              <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
                <p className={css({ fontWeight: '500' })}>{t('cases.selectedCount', { count: selectedIds.length })}</p>
                <button type="button" className={linkButton} onClick={() => setSelected(new Set())}>
                  {t('cases.clearSelection')}
                </button>
                {canEdit ? (
                  <a href={enhancedEditorHref(projectId, selectedIds)} className={css({ ms: { md: 'auto' } })}>
                    {t('cases.openSelectionInEditor')}
                  </a>
                ) : null}
              </div>
              {canEdit ? (
                <BulkForm
                  projectId={projectId}
                  count={selectedIds.length}
                  folders={data.folders.map((entry) => entry.folder).filter(Boolean)}
                  tags={data.tags.map((entry) => entry.tag)}
                  pending={bulkPending}
                  onApply={(action, preview) => void apply(action, preview)}
                />
              ) : null}
            </section>
          ) : null}

          {data.total === 0 ? (
            filtered ? (
              <div className={css({ py: '8', textAlign: 'center', display: 'grid', gap: '2' })} data-testid="cases-no-match">
                <p className={css({ fontWeight: '500' })}>{t('cases.noMatch')}</p>
                <p>
                  <a href={casesHref(projectId, withoutFilters(query))}>{t('cases.resetFilters')}</a>
                </p>
              </div>
            ) : (
              <div className={cx(panel, css({ textAlign: 'center', py: '8', justifyItems: 'center' }))} data-testid="cases-empty">
                <p className={css({ fontWeight: '600', fontSize: 'lg' })}>{folderTotal === 0 ? t('cases.emptyTitle') : t('cases.noMatch')}</p>
                <p className={muted}>{canEdit ? t('cases.emptyHintEditor') : t('cases.emptyHintViewer')}</p>
                {canEdit ? (
                  <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'center' })}>
                    <Button asChild>
                      <a href={caseCreateHref(projectId)}>{t('cases.newCase')}</a>
                    </Button>
                    <Button asChild variant="outline">
                      <a href={enhancedEditorHref(projectId)}>{t('cases.enhancedEditor')}</a>
                    </Button>
                    {hydrated ? (
                      <Button variant="outline" aria-controls="cases-import-panel" aria-expanded={openPanel === 'import'} onClick={() => setOpenPanel('import')}>
                        {t('cases.importOpen')}
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </div>
            )
          ) : items.length === 0 ? (
            <p>
              <a href={casesHref(projectId, { ...query, page: 1 })}>{t('cases.firstPage')}</a>
            </p>
          ) : (
            <div className={css({ opacity: busy ? 0.6 : 1, transition: 'opacity 0.2s', minW: '0' })}>
              <CaseTable projectId={projectId} query={query} items={items} selection={hydrated ? { selected, toggle, toggleAll } : null} />
            </div>
          )}
          <div data-focus-results="">
            <LinkPager page={query.page} totalPages={pageCount} hrefFor={(page) => casesHref(projectId, { ...query, page })} label={t('cases.pagesLabel')} />
          </div>
        </section>
      </div>
    </div>
  )
}
