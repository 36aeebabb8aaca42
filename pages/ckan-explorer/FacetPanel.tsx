import { memo } from 'react'
import { DeferredDetails } from '../../components/DeferredDetails.tsx'
import { CheckIcon } from '../../components/ui/icons.tsx'
import type { FacetCount } from '../../lib/domain/search.ts'
import { css } from '../../styled-system/css'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import type { Translate } from '../../lib/i18n/intl.ts'
import { licenceNameKey } from '../../lib/domain/licence-names.ts'
import { CANONICAL_FORMATS, type CanonicalFormat } from '../../lib/domain/canonical-formats.ts'
import { formatNameKey } from '../../lib/i18n/format-names.ts'
import { sameContent } from './same-content.ts'
import { explorerHref, FACETS, withFilter, withoutFilter, type ExplorerState, type FacetKey } from './explorer-state.ts'

export const FACET_TITLES: Record<FacetKey, MessageKey> = {
  organization: 'explorer.facetOrganization',
  groups: 'explorer.facetGroups',
  tags: 'explorer.facetTags',
  formats: 'explorer.facetFormats',
  license: 'explorer.facetLicense',
}

/** Values shown before "show more": enough to scan, short enough that five groups fit beside the results. */
const SHOWN = 6

// The values' styles are the list's, by selector: a facet panel has a few hundred values, and classes on each
// link and its two parts were a third of the explorer's HTML.
const list = css({
  display: 'grid',
  gap: '0.5',
  listStyle: 'none',
  p: '0',
  m: '0',
  '& > li > a': {
    display: 'flex',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    gap: '2',
    px: '2',
    py: '1',
    borderRadius: 'l1',
    color: 'text',
    textDecoration: 'none',
    fontSize: 'sm',
    _hover: { bg: 'surface.hover', textDecoration: 'underline' },
    '&[data-selected]': { bg: 'primary.subtle', fontWeight: '600' },
  },
  // The value's name, then its count.
  '& > li > a > span:first-child': { minW: '0', overflowWrap: 'anywhere' },
  '& > li > a > span:last-child': { color: 'text.muted', fontVariantNumeric: 'tabular-nums', flexShrink: 0 },
})
const badge = css({
  display: 'inline-block',
  ms: '1.5',
  px: '1',
  borderWidth: '1px',
  borderRadius: 'l1',
  fontSize: 'xs',
  fontWeight: '400',
  lineHeight: '1.4',
  whiteSpace: 'nowrap',
  '&[data-open=true]': { borderColor: 'success.text', color: 'success.text' },
  '&[data-open=false]': { borderColor: 'border', color: 'text.muted' },
})
const also = css({ ps: '2', fontSize: 'xs', color: 'text.muted', '& summary': { cursor: 'pointer', width: 'fit-content', borderRadius: 'l1', lineHeight: '1.5rem', minH: '6' } })

/** A facet value as the user reads it: a licence by its name in the user's language where it has one. */
export function facetValueLabel(t: Translate, key: FacetKey, facet: Pick<FacetCount, 'value' | 'label'>): string {
  if (key !== 'license') return facet.label
  const name = licenceNameKey(facet.value)
  return name ? t(name) : facet.label
}

/** A canonical format's name in the reader's language under its code ("CSV": "Comma-separated values"). */
function FormatName({ t, value }: { t: Translate; value: string }) {
  if (!(CANONICAL_FORMATS as readonly string[]).includes(value)) return null
  const name = t(formatNameKey(value as CanonicalFormat))
  if (name === value) return null
  return <span className={css({ display: 'block', fontSize: 'xs', color: 'text.muted' })}>{name}</span>
}

/**
 * Facet values with their counts, as plain links that add (or, when chosen, remove) a filter: they work without
 * JavaScript, and with it the page follows them in place. rel=nofollow keeps crawlers out of the combinations.
 * Counts equal to those on screen render nothing again.
 */
export const FacetPanel = memo(function FacetPanel({
  state,
  facets,
  facetSample,
  portalNames,
}: {
  state: ExplorerState
  facets: Record<FacetKey, FacetCount[]> | null
  /** The counts cover the first this-many results only (a large filtered snapshot search). */
  facetSample: number | null
  portalNames: Map<string, string>
}) {
  const t = useT()
  const intl = useIntl()
  // Organizations belong to one portal; with several portals chosen, the portal tells same-named publishers apart.
  const showPortal = state.portals.length !== 1
  const labelOf = (key: FacetKey, facet: FacetCount) => {
    if (key !== 'organization' || !showPortal) return facetValueLabel(t, key, facet)
    const portal = portalNames.get(facet.value.slice(0, facet.value.indexOf(':')))
    return portal ? `${facet.label} · ${portal}` : facet.label
  }

  const item = (key: FacetKey, facet: FacetCount) => {
    const selected = state.filters[key].includes(facet.value)
    const next = selected ? withoutFilter(state, key, facet.value) : withFilter(state, key, facet.value)
    return (
      <li key={facet.value}>
        <a href={explorerHref(next)} rel="nofollow" data-selected={selected ? '' : undefined}>
          <span>
            {selected ? (
              <>
                <CheckIcon aria-hidden="true" className={css({ display: 'inline', w: '3.5', h: '3.5', me: '1' })} />
                <span className={css({ srOnly: true })}>{t('explorer.selected')} </span>
              </>
            ) : null}
            {labelOf(key, facet)}
            {key === 'formats' ? <FormatName t={t} value={facet.value} /> : null}
            {key === 'license' && typeof facet.open === 'boolean' ? (
              <span className={badge} data-open={facet.open}>
                {t(facet.open ? 'licences.open' : 'licences.notOpen')}
              </span>
            ) : null}
          </span>
          <span>{intl.formatNumber(facet.count)}</span>
        </a>
        {facet.variants?.length ? (
          // The raw values merged into this one, as the portals wrote them: a disclosure, so keyboard and screen
          // readers reach it and it works without JavaScript.
          <details className={also} data-testid="facet-variants">
            <summary>
              <span className={css({ srOnly: true })}>{labelOf(key, facet)}: </span>
              {t('explorer.alsoSummary', { count: facet.variants.length })}
            </summary>
            <ul className={css({ listStyle: 'none', p: '0', m: '0', ps: '2', overflowWrap: 'anywhere' })}>
              {facet.variants.map((variant) => (
                <li key={variant}>{variant}</li>
              ))}
            </ul>
          </details>
        ) : null}
      </li>
    )
  }

  return (
    <section aria-labelledby="explorer-filters" className={css({ display: 'grid', gap: '5', alignContent: 'start' })}>
      <h2 id="explorer-filters" className={css({ fontSize: 'lg', fontWeight: '600' })}>
        {t('explorer.filtersHeading')}
      </h2>
      {facetSample ? <p className={css({ fontSize: 'sm', color: 'text.muted' })}>{t('explorer.facetSample', { count: facetSample })}</p> : null}
      {FACETS.map(({ key }) => {
        const values = facets?.[key] ?? []
        if (values.length === 0) return null
        // Chosen values stay in view even when they rank below the cut.
        const first = values.slice(0, SHOWN)
        const rest = values.slice(SHOWN)
        const promoted = rest.filter((facet) => state.filters[key].includes(facet.value))
        const more = rest.filter((facet) => !state.filters[key].includes(facet.value))
        return (
          <div key={key}>
            <h3 id={`explorer-facet-${key}`} className={css({ fontSize: 'md', fontWeight: '600', mb: '1' })}>
              {t(FACET_TITLES[key])}
            </h3>
            <ul aria-labelledby={`explorer-facet-${key}`} className={list}>
              {[...first, ...promoted].map((facet) => item(key, facet))}
            </ul>
            {more.length ? (
              // Rendered in the browser once opened: the links need no handler of their own (the page's click
              // handler follows them), and the panel's hidden values are most of the page's elements.
              <DeferredDetails
                className={css({ mt: '1' })}
                summary={<summary className={css({ cursor: 'pointer', fontSize: 'sm', color: 'primary.text', px: '2', py: '1' })}>{t('explorer.showMore', { count: more.length })}</summary>}
              >
                <ul className={list}>{more.map((facet) => item(key, facet))}</ul>
              </DeferredDetails>
            ) : null}
          </div>
        )
      })}
    </section>
  )
},
(before, after) =>
  before.state === after.state && before.portalNames === after.portalNames && before.facetSample === after.facetSample && sameContent(before.facets, after.facets))
