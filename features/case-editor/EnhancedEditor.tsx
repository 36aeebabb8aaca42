import { useCallback, useEffect, useMemo, useState } from 'react'
import { css } from '../../styled-system/css'
import { Button } from '../../components/ui/button.tsx'
import { FormAlert } from '../../components/FormAlert.tsx'
import { Tabs } from '../../components/ui/tabs.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { enhancedEditorHref } from '../../lib/routing/project-links.ts'
import { newDraftId } from './case-draft.ts'
import { useDraftStore } from './use-draft-store.ts'
import type { DraftOwner, StoredDraft } from './draft-store.ts'
import type { EditorContext, SavedCase } from './editor-types.ts'
import { EnhancedCasePanel, type OpenCase, type TabStatus } from './EnhancedCasePanel.tsx'
import { useRevealOnAppear } from './reveal-on-appear.ts'
import type { SaveResult } from './use-case-editor.ts'

type Props = {
  context: EditorContext
  userId: string
  cases: SavedCase[]
  /** The draft id of the new case opened when no case is named (made on the server, so both renders agree). */
  firstDraftId: string
  folder: string
}

/**
 * The enhanced editor: several cases open at once as tabs (each saved on its own), plus new ones. The address names
 * the saved cases that are open, so a reload opens them again; drafts of new cases left from before are offered.
 */
export function EnhancedEditor({ context, userId, cases, firstDraftId, folder }: Props) {
  const t = useT()
  const intl = useIntl()
  const { drafts } = useDraftStore()
  const owner: DraftOwner = useMemo(() => ({ userId, projectId: context.projectId }), [userId, context.projectId])
  const [tabs, setTabs] = useState<OpenCase[]>(() =>
    cases.length > 0
      ? cases.map((saved) => ({ value: saved.id, saved, newDraftId: `for-${saved.id}`, restore: null }))
      : [{ value: firstDraftId, saved: null, newDraftId: firstDraftId, restore: null }],
  )
  const [active, setActive] = useState(tabs[0]?.value ?? '')
  const [statuses, setStatuses] = useState<Record<string, TabStatus>>({})
  const [dismissed, setDismissed] = useState<string[]>([])
  const [savedIds, setSavedIds] = useState<Record<string, string>>({})

  const onStatus = useCallback((value: string, status: TabStatus) => {
    setStatuses((current) => (current[value]?.title === status.title && current[value]?.dirty === status.dirty ? current : { ...current, [value]: status }))
  }, [])

  // Drafts of new cases left in this browser (a reload, a closed tab): offered until restored or discarded.
  const leftover = useMemo(() => {
    if (!drafts) return []
    try {
      return drafts.newDrafts(window.localStorage, owner)
    } catch {
      return []
    }
  }, [drafts, owner])
  const openDraftIds = new Set(tabs.map((tab) => tab.newDraftId))
  const offers = leftover.filter((stored) => stored.newDraftId && !openDraftIds.has(stored.newDraftId) && !dismissed.includes(stored.newDraftId))
  const offersRef = useRevealOnAppear<HTMLDivElement>(offers.length > 0)

  // The address names the saved cases that are open, so a reload (or a shared link) opens the same ones.
  const openIds = tabs.map((tab) => tab.saved?.id ?? savedIds[tab.value]).filter((id): id is string => Boolean(id))
  const href = enhancedEditorHref(context.projectId, openIds)
  useEffect(() => {
    const here = `${window.location.pathname}${window.location.search}`
    // Vike keeps its own state in history entries: it is passed on unchanged.
    if (here !== href) window.history.replaceState(window.history.state, '', href)
  }, [href])

  function addNew(restore: StoredDraft | null = null) {
    const id = restore?.newDraftId ?? newDraftId()
    setTabs((current) => [...current, { value: id, saved: null, newDraftId: id, restore }])
    setActive(id)
  }

  function close(value: string) {
    const index = tabs.findIndex((tab) => tab.value === value)
    const rest = tabs.filter((tab) => tab.value !== value)
    setTabs(rest)
    if (active === value) setActive(rest[Math.max(0, index - 1)]?.value ?? '')
  }

  function onSaved(value: string, result: SaveResult) {
    if (result.created) setSavedIds((current) => ({ ...current, [value]: result.id }))
  }

  function discard(stored: StoredDraft) {
    if (!stored.newDraftId || !drafts) return
    drafts.clearDraft(window.localStorage, owner, { newDraftId: stored.newDraftId })
    setDismissed((current) => [...current, stored.newDraftId!])
  }

  return (
    <div className={css({ display: 'grid', gap: '4', minW: '0' })}>
      {offers.length > 0 ? (
        <FormAlert tone="info">
          <div ref={offersRef} className={css({ display: 'grid', gap: '2' })} data-testid="new-draft-offers">
            <p>{t('editor.newDraftsFound', { count: offers.length })}</p>
            <ul className={css({ display: 'grid', gap: '2', listStyle: 'none', p: '0' })}>
              {offers.map((stored) => (
                <li key={stored.newDraftId} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
                  <span className={css({ fontWeight: '600', overflowWrap: 'anywhere' })}>{stored.draft.title || t('editor.untitled')}</span>
                  <span className={css({ fontSize: 'sm' })}>{intl.formatDate(stored.savedAt, { dateStyle: 'medium', timeStyle: 'short' })}</span>
                  <Button size="sm" onClick={() => addNew(stored)}>
                    {t('editor.restoreDraft')}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => discard(stored)}>
                    {t('editor.discardDraft')}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        </FormAlert>
      ) : null}

      <Tabs.Root value={active} onValueChange={(details) => setActive(details.value)} className={css({ minW: '0' })}>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'end', minW: '0' })}>
          <div className={css({ overflowX: 'auto', minW: '0', flex: '1' })}>
            <Tabs.List aria-label={t('editor.openCases')}>
              {tabs.map((tab) => {
                const status = statuses[tab.value]
                const name = tab.saved ? tab.saved.key : status?.title || t('editor.newCase')
                return (
                  <Tabs.Trigger key={tab.value} value={tab.value} className={css({ whiteSpace: 'nowrap', maxW: '60', overflow: 'hidden', textOverflow: 'ellipsis' })}>
                    {name}
                    {status?.dirty ? (
                      <>
                        <span aria-hidden="true"> •</span>
                        <span className={css({ srOnly: true })}> ({t('editor.unsaved')})</span>
                      </>
                    ) : null}
                  </Tabs.Trigger>
                )
              })}
            </Tabs.List>
          </div>
          <Button variant="outline" size="sm" onClick={() => addNew()} data-testid="new-case-tab">
            {t('editor.newCase')}
          </Button>
        </div>
        {tabs.length === 0 ? (
          <p className={css({ color: 'text.muted', py: '6' })}>{t('editor.noneOpen')}</p>
        ) : (
          tabs.map((tab) => (
            <Tabs.Content key={tab.value} value={tab.value} className={css({ pt: '4' })}>
              <EnhancedCasePanel open={tab} context={context} owner={owner} folder={folder} active={active === tab.value} onSaved={onSaved} onStatus={onStatus} onClose={close} />
            </Tabs.Content>
          ))
        )}
      </Tabs.Root>
    </div>
  )
}
