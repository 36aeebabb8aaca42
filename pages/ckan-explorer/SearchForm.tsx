import { useState, type FormEvent } from 'react'
import { DeferredDetails } from '../../components/DeferredDetails.tsx'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Switch } from '../../components/ui/switch.tsx'
import { css } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { EXPLORER_PATH, FACETS, parseExplorerState, type ExplorerState } from './explorer-state.ts'
import type { PortalChoice } from './use-explorer-search.ts'

const fieldLabel = css({ display: 'block', fontSize: 'sm', fontWeight: '500', mb: '1' })
const hint = css({ fontSize: 'sm', color: 'text.muted' })

/**
 * The search form. It is a GET form to this page, so without JavaScript it searches the snapshot by loading the
 * page; facet filters and the sort travel in hidden fields. With JavaScript, submitting updates the URL in place,
 * and the catalogue choice and the snapshot switch apply as soon as they change.
 */
export function SearchForm({ state, portals, onChange }: { state: ExplorerState; portals: PortalChoice[]; onChange: (next: ExplorerState) => void }) {
  const t = useT()
  // The text field is edited freely and applied on submit; a state from elsewhere (the back button) replaces it.
  const [draft, setDraft] = useState(state.q)
  const [appliedQ, setAppliedQ] = useState(state.q)
  if (appliedQ !== state.q) {
    setAppliedQ(state.q)
    setDraft(state.q)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const entries = [...new FormData(event.currentTarget)].map(([key, value]): [string, string] => [key, String(value)])
    onChange(parseExplorerState(new URLSearchParams(entries)))
  }

  const chosenCount = state.portals.length
  return (
    <form role="search" method="get" action={EXPLORER_PATH} onSubmit={onSubmit} className={css({ display: 'grid', gap: '3', mb: '6' })}>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' })}>
        <div className={css({ flex: '1', minW: '16rem' })}>
          <label htmlFor="explorer-q" className={fieldLabel}>
            {t('explorer.searchLabel')}
          </label>
          <Input id="explorer-q" name="q" type="search" value={draft} onChange={(event) => setDraft(event.target.value)} maxLength={500} placeholder={t('explorer.searchPlaceholder')} />
        </div>
        <Button type="submit">{t('common.search')}</Button>
      </div>
      {FACETS.flatMap(({ key, param }) => state.filters[key].map((value) => <input key={`${param}:${value}`} type="hidden" name={param} value={value} />))}
      {state.sort !== 'relevance' ? <input type="hidden" name="sort" value={state.sort} /> : null}
      <div className={css({ display: 'flex', gap: '4', alignItems: 'flex-start', flexWrap: 'wrap' })}>
        {/* Rendered in the browser once opened, or once the choice changes (its inputs travel with the search). */}
        <DeferredDetails
          className={css({ flex: '1', minW: '16rem', maxW: '36rem', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2', px: '3', py: '2' })}
          renderedWith={state.portals.join(',')}
          summary={
            <summary className={css({ cursor: 'pointer', fontWeight: '500', minH: '6' })}>
              {chosenCount ? t('explorer.portalsChosen', { count: chosenCount }) : t('explorer.portalsAll', { count: portals.length })}
            </summary>
          }
        >
          <p className={hint}>{t('explorer.portalsHint')}</p>
          <Checkbox.Group
            name="portal"
            value={state.portals}
            onValueChange={(value) => onChange({ ...state, portals: value, page: 1 })}
            aria-label={t('explorer.portalsLegend')}
            className={css({ maxH: '18rem', overflowY: 'auto', mt: '2', pe: '2' })}
          >
            {portals.map((portal) => (
              <Checkbox.Root key={portal.id} value={portal.id}>
                <Checkbox.Control />
                <Checkbox.Label>
                  {portal.name}
                  {portal.isDemo ? (
                    <Badge size="sm" tone="accent" className={css({ ms: '2' })}>
                      {t('ckan.demoData')}
                    </Badge>
                  ) : null}
                </Checkbox.Label>
                <Checkbox.HiddenInput />
              </Checkbox.Root>
            ))}
          </Checkbox.Group>
        </DeferredDetails>
        <div>
          <Switch.Root name="source" value="snapshot" checked={state.snapshotOnly} onCheckedChange={(details) => onChange({ ...state, snapshotOnly: details.checked, page: 1 })}>
            <Switch.Control />
            <Switch.Label>{t('explorer.snapshotOnly')}</Switch.Label>
            <Switch.HiddenInput aria-describedby="explorer-snapshot-hint" />
          </Switch.Root>
          <p id="explorer-snapshot-hint" className={hint}>
            {t('explorer.snapshotOnlyHint')}
          </p>
        </div>
      </div>
    </form>
  )
}
