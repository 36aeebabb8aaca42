import { useData } from 'vike-react/useData'
import { css } from '../../styled-system/css'
import { PageIntro } from '../../components/PageIntro.tsx'
import { AsOf, leadClass, NothingAnalysed, SectionBlock, SectionFailed, StatGrid } from '../../features/quality/AnalysisParts.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'
import { METRIC_KEYS, METRIC_PHRASE_KEYS } from './metric-text.ts'
import { RegionChoropleth } from './RegionChoropleth.tsx'
import { regionsHref, REGION_METRICS, type RegionQuery } from './region-metrics.ts'
import { RegionTable } from './RegionTable.tsx'

const switchGroup = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })
const switchList = css({ display: 'flex', flexWrap: 'wrap', gap: '1', listStyle: 'none', p: '1', m: '0', bg: 'surface.raised', borderRadius: 'l2' })
const switchLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  minH: '10',
  px: '3',
  borderRadius: 'l1',
  fontSize: 'sm',
  fontWeight: '500',
  color: 'text',
  textDecoration: 'none',
  _hover: { bg: 'surface.hover' },
  '&[aria-current=true]': { bg: 'surface', color: 'primary.text', boxShadow: 'xs', fontWeight: '600' },
})

/** One switch of the page as links: each a GET address, so it works without JavaScript and can be bookmarked. */
function LinkSwitch({ label, id, options }: { label: string; id: string; options: Array<{ href: string; text: string; current: boolean; value: string }> }) {
  return (
    <div className={switchGroup}>
      <span id={id} className={css({ fontSize: 'sm', color: 'text.muted' })}>
        {label}
      </span>
      <ul aria-labelledby={id} className={switchList}>
        {options.map((option) => (
          <li key={option.value}>
            <a href={option.href} aria-current={option.current ? 'true' : undefined} className={switchLink} data-value={option.value}>
              {option.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

function Switches({ query }: { query: RegionQuery }) {
  const t = useT()
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', mb: '6' })} data-testid="region-switches">
      <LinkSwitch
        id="level-switch"
        label={t('regions.levelLabel')}
        options={(['cz-kraj', 'country'] as const).map((level) => ({
          value: level,
          href: regionsHref({ ...query, level }),
          text: level === 'cz-kraj' ? t('regions.levelKraje') : t('regions.levelCountries'),
          current: query.level === level,
        }))}
      />
      <LinkSwitch
        id="metric-switch"
        label={t('regions.metricLabel')}
        options={REGION_METRICS.map((metric) => ({ value: metric, href: regionsHref({ ...query, metric, dir: 'desc' }), text: t(METRIC_KEYS[metric]), current: query.metric === metric }))}
      />
    </div>
  )
}

export default function Page() {
  const t = useT()
  const intl = useIntl()
  const { query, summary } = useData<Data>()
  const metricLabel = t(METRIC_KEYS[query.metric])
  const countries = query.level === 'country'
  return (
    <>
      <PageIntro title={t('pages.regionalAnalysisTitle')} description={t('pages.regionalAnalysisDescription')} />
      <Switches query={query} />
      {!summary.ok ? (
        <SectionFailed retryHref={regionsHref(query)} />
      ) : summary.value.datasets === 0 ? (
        <NothingAnalysed text={t('quality.nothingAnalysed')} linkText={t('quality.goToInstances')} />
      ) : (
        <div className={css({ display: 'grid', gap: '8' })}>
          <StatGrid
            stats={[
              { key: 'placed', label: countries ? t('regions.statPlacedCountries') : t('regions.statPlacedKraje'), value: intl.formatNumber(summary.value.placed), raw: summary.value.placed },
              { key: 'no-extent', label: t('regions.statNoExtent'), value: intl.formatNumber(summary.value.noExtent), raw: summary.value.noExtent },
              { key: 'unplaced', label: countries ? t('regions.statUnplacedCountries') : t('regions.statUnplacedKraje'), value: intl.formatNumber(summary.value.unplaced), raw: summary.value.unplaced },
            ]}
          />
          <SectionBlock id="regions-heading" title={countries ? t('regions.countriesTitle') : t('regions.krajeTitle')} lead={countries ? t('regions.countriesLead') : t('regions.krajeLead')} testId="regions-section">
            {summary.value.placed === 0 ? (
              <p className={css({ color: 'text.muted' })} data-testid="regions-empty">
                {t('regions.noneWithExtent')}
              </p>
            ) : (
              <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' })}>
                {summary.value.map ? <RegionChoropleth summary={summary.value} map={summary.value.map} metricLabel={metricLabel} metricPhrase={t(METRIC_PHRASE_KEYS[query.metric])} /> : null}
                <RegionTable query={query} summary={summary.value} />
              </div>
            )}
            <p className={leadClass}>{t('regions.definitions')}</p>
          </SectionBlock>
          {summary.value.asOf ? <AsOf label={t('quality.asOf')} date={summary.value.asOf} /> : null}
        </div>
      )}
    </>
  )
}
