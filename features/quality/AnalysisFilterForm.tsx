import type { FormEvent } from 'react'
import { navigate } from 'vike/client/router'
import { css, cx } from '../../styled-system/css'
import { input } from '../../styled-system/recipes'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { analysisHref, hasFilters, type AnalysisQuery } from '../../lib/url-state/analysis-href.ts'
import type { FilterOptions } from './filter-options.ts'

const formClass = css({
  display: 'grid',
  gap: '4',
  p: '4',
  borderRadius: 'l3',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  bg: 'surface',
})
const row = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } })
const labelClass = css({ display: 'block', fontSize: 'sm', fontWeight: '500', mb: '1' })
// Native controls: a GET form must work before (and without) JavaScript, which Ark's select does not.
const selectClass = cx(input({ size: 'md' }), css({ appearance: 'auto', bg: 'surface', color: 'text' }))
const checkboxRow = css({ display: 'flex', flexWrap: 'wrap', gap: '2', columnGap: '5' })
const checkboxLabel = css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', minH: '8', cursor: 'pointer' })
const checkbox = css({ w: '4', h: '4', accentColor: 'primary', cursor: 'pointer' })

/**
 * The filters of an analysis page as a GET form: without JavaScript the browser submits it and the server renders
 * the filtered page; with it, the submit becomes a client-side navigation to the same URL (Vike fetches only the
 * new data, and the navigation bar shows progress). `keep` carries page-specific parameters (the drilled-down format).
 */
export function AnalysisFilterForm({
  action,
  query,
  options,
  keep = {},
}: {
  action: string
  query: AnalysisQuery
  options: FilterOptions
  keep?: Record<string, string | null>
}) {
  const t = useT()
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const text = (name: string) => {
      const value = data.get(name)
      return typeof value === 'string' && value.trim() ? value.trim() : null
    }
    const next: AnalysisQuery = {
      portals: data.getAll('portal').filter((value): value is string => typeof value === 'string' && value !== ''),
      organization: text('organization'),
      region: text('region'),
    }
    void navigate(analysisHref(action, next, keep))
  }
  return (
    // Remounted when the URL changes, so the uncontrolled fields show the filters in force.
    <form key={JSON.stringify(query)} method="get" action={action} onSubmit={onSubmit} className={formClass} data-testid="analysis-filters" aria-labelledby="filters-title">
      <h2 id="filters-title" className={css({ srOnly: true })}>
        {t('quality.filters')}
      </h2>
        {Object.entries(keep).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
        {options.portals.length ? (
          <fieldset>
            <legend className={labelClass}>{t('quality.filterPortals')}</legend>
            <div className={checkboxRow}>
              {options.portals.map((portal) => (
                <label key={portal.id} className={checkboxLabel}>
                  <input type="checkbox" name="portal" value={portal.id} defaultChecked={query.portals.includes(portal.id)} className={checkbox} />
                  {portal.name}
                  {portal.isDemo ? (
                    <Badge size="sm" tone="accent">
                      {t('common.demoData')}
                    </Badge>
                  ) : null}
                </label>
              ))}
            </div>
            <p className={css({ fontSize: 'xs', color: 'text.muted', mt: '1' })}>{t('quality.filterPortalsHint')}</p>
          </fieldset>
        ) : null}
        <div className={row}>
          <div>
            <label htmlFor="filter-organization" className={labelClass}>
              {t('quality.filterOrganization')}
            </label>
            <select id="filter-organization" name="organization" defaultValue={query.organization ?? ''} className={selectClass}>
              <option value="">{t('quality.filterAnyOrganization')}</option>
              {options.publishers.map((publisher) => (
                <option key={publisher.id} value={publisher.id}>
                  {publisher.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-region" className={labelClass}>
              {t('quality.filterRegion')}
            </label>
            <select id="filter-region" name="region" defaultValue={query.region ?? ''} className={selectClass}>
              <option value="">{t('quality.filterAnyRegion')}</option>
              <optgroup label={t('quality.filterKraje')}>
                {options.kraje.map((kraj) => (
                  <option key={kraj.id} value={kraj.id}>
                    {kraj.name}
                  </option>
                ))}
              </optgroup>
              {options.countries.length ? (
                <optgroup label={t('quality.filterCountries')}>
                  {options.countries.map((country) => (
                    <option key={country.id} value={country.id}>
                      {country.name}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
          </div>
        </div>
        <div className={css({ display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap' })}>
          <Button type="submit" data-testid="apply-filters">
            {t('quality.filterApply')}
          </Button>
          {hasFilters(query) ? <a href={analysisHref(action, { portals: [], organization: null, region: null }, keep)}>{t('quality.filterClear')}</a> : null}
        </div>
    </form>
  )
}
