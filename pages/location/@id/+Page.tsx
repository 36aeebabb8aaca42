import { lazy, Suspense } from 'react'
import { useData } from 'vike-react/useData'
import { css } from '../../../styled-system/css'
import { SectionError } from '../../../features/datasets/SectionError.tsx'
import { StatGrid } from '../../../features/quality/AnalysisParts.tsx'
import { BandBadge } from '../../../features/quality/BandBadge.tsx'
import { ScopeDatasets } from '../../../features/quality/ScopeDatasets.tsx'
import { FormatsSection, QualitySection } from '../../../features/quality/ScopeFigures.tsx'
import { useIntl, useT } from '../../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'
import { useFirstInteraction } from '../../../features/map/first-interaction.ts'
import { LoadBoundary } from '../../../components/LoadBoundary.tsx'

// The interactive map and its API client load on the first interaction with the page (first-interaction.ts).
const LocationMap = lazy(() => import('./LocationMap.tsx'))

const sectionHeading = css({ fontSize: 'xl', fontWeight: '600', mb: '3' })
const section = css({ mb: '10', minW: '0' })
const muted = css({ color: 'text.muted' })

export default function Page() {
  const t = useT()
  const intl = useIntl()
  const { region, figures, publishers, formats, quality } = useData<Data>()
  const percent = (value: number | null) => (value === null ? '–' : intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 1 }))
  return (
    <article aria-labelledby="page-title">
      <header className={css({ mb: '8' })}>
        <p className={muted} data-testid="location-level">
          {region.level === 'cz-kraj' ? t('pages.locationKraj', { id: region.id }) : t('pages.locationCountry', { id: region.id })}
        </p>
        <h1 id="page-title" className={css({ fontSize: '2xl', fontWeight: '600', mb: '2', overflowWrap: 'anywhere' })}>
          {region.name}
        </h1>
        <p className={css({ color: 'text.muted', mb: '6', maxW: '70ch' })}>{t('pages.locationDescription')}</p>
        <StatGrid
          stats={[
            { key: 'datasets', label: t('regions.metricDatasets'), value: intl.formatNumber(figures.datasets), raw: figures.datasets },
            {
              key: 'quality',
              label: t('regions.metricQuality'),
              value: figures.band && figures.averageScore !== null ? <BandBadge band={figures.band} score={figures.averageScore} /> : t('regions.notRated'),
              raw: figures.averageScore,
            },
            { key: 'machine-readable', label: t('regions.metricMachineReadable'), value: percent(figures.machineReadableShare), raw: figures.machineReadableShare },
            { key: 'publishers', label: t('regions.publishers'), value: intl.formatNumber(publishers.length), raw: publishers.length },
          ]}
        />
      </header>
      <MapSection />
      {figures.datasets === 0 ? (
        <p className={css({ color: 'text.muted', mb: '10' })} data-testid="location-empty">
          {t('regions.locationEmpty')}
        </p>
      ) : (
        <>
          <Datasets />
          <Publishers />
          <FormatsSection formats={formats} className={section} />
          <QualitySection quality={quality} className={section} />
        </>
      )}
    </article>
  )
}

function MapSection() {
  const t = useT()
  const { region, map, points, basemap } = useData<Data>()
  const interacted = useFirstInteraction()
  const name = region.name
  const caption = !points.ok
    ? null
    : points.value.total === 0
      ? t('regions.mapNoDatasets', { region: name })
      : t('regions.mapCaption', { shown: points.value.shown, total: points.value.total })
  const svg = map ? (
    <svg viewBox={`0 0 ${map.width} ${map.height}`} role="img" aria-labelledby="location-map-title" data-testid="location-outline" className={css({ w: 'full', h: 'auto', display: 'block' })}>
      <title id="location-map-title">{t('regions.mapTitle', { region: name })}</title>
      {map.outlines
        .filter((outline) => !outline.focus)
        .map((outline) => (
          <path key={outline.id} d={outline.d} className={css({ fill: 'surface.raised', stroke: 'border.strong', strokeWidth: '0.75', strokeLinejoin: 'round' })} />
        ))}
      {map.outlines
        .filter((outline) => outline.focus)
        .map((outline) => (
          <path key={outline.id} d={outline.d} data-focus="" className={css({ fill: 'primary.subtle', stroke: 'primary', strokeWidth: '2', strokeLinejoin: 'round' })} />
        ))}
      {map.dots ? <path d={map.dots} data-testid="location-dots" className={css({ stroke: 'primary.text', strokeWidth: '5', strokeLinecap: 'round', fill: 'none' })} /> : null}
    </svg>
  ) : null
  return (
    <section aria-labelledby="map-heading" className={section}>
      <h2 id="map-heading" className={sectionHeading}>
        {t('regions.mapHeading')}
      </h2>
      {map ? (
        <figure className={css({ m: '0', display: 'grid', gap: '2', maxW: '720px' })}>
          {interacted ? (
            <LoadBoundary fallback={svg}>
              <Suspense fallback={svg}>
                <LocationMap region={region} map={map} basemap={basemap} fallback={svg} />
              </Suspense>
            </LoadBoundary>
          ) : (
            svg
          )}
          {caption ? <figcaption className={css({ fontSize: 'sm', color: 'text.muted' })}>{caption}</figcaption> : null}
        </figure>
      ) : (
        <p className={muted}>{t('regions.noOutline')}</p>
      )}
      {points.ok ? null : <SectionError message={t('regions.pointsFailed')} />}
    </section>
  )
}

function Datasets() {
  const t = useT()
  const { region, datasets } = useData<Data>()
  const hrefFor = (page: number) => `/location/${encodeURIComponent(region.id)}${page > 1 ? `?page=${page}` : ''}#datasets-heading`
  return (
    <ScopeDatasets
      datasets={datasets}
      columns={['publisher', 'portal', 'quality']}
      hrefFor={hrefFor}
      rowTestId="location-dataset"
      emptyText={t('orgs.pastLastPage')}
      className={section}
    />
  )
}

function Publishers() {
  const t = useT()
  const { publishers } = useData<Data>()
  return (
    <section aria-labelledby="publishers-heading" className={section}>
      <h2 id="publishers-heading" className={sectionHeading}>
        {t('regions.publishers')}
      </h2>
      {publishers.length === 0 ? (
        <p className={muted}>{t('regions.noPublishers')}</p>
      ) : (
        <>
          <p className={css({ color: 'text.muted', mb: '3', fontSize: 'sm', maxW: '70ch' })}>{t('regions.publishersLead')}</p>
          <ol className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '2', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } })} data-testid="location-publishers">
            {publishers.map((publisher) => (
              <li key={publisher.id} className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', borderBottomWidth: '1px', borderColor: 'border', py: '2' })}>
                <a href={`/organizations/${encodeURIComponent(publisher.id)}`} className={css({ overflowWrap: 'anywhere' })}>
                  {publisher.title}
                </a>
                <span className={css({ color: 'text.muted', fontSize: 'sm', whiteSpace: 'nowrap' })}>{t('common.datasetCount', { count: publisher.datasets })}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  )
}
