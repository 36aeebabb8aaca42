import type { ReactNode } from 'react'
import { useData } from 'vike-react/useData'
import { css } from '../../../styled-system/css'
import { Badge } from '../../../components/ui/badge.tsx'
import { Table } from '../../../components/ui/table.tsx'
import { formatByteSize } from '../../../features/datasets/byte-size.ts'
import { SectionError } from '../../../features/datasets/SectionError.tsx'
import { webHref } from '../../../features/datasets/web-href.ts'
import { useIntl, useT } from '../../../lib/i18n/I18nProvider.tsx'
import { formatNameKey } from '../../../lib/i18n/format-names.ts'
import { BandBadge } from '../../../features/quality/BandBadge.tsx'
import { IndicatorBreakdown } from '../../../features/quality/IndicatorBreakdown.tsx'
import { ShapesMap } from '../../../features/map/ShapesMap.tsx'
import type { Data } from './+data.ts'

// The picture and the map that replaces it share one box, tall enough for the map's buttons.
const EXTENT_MAP_ASPECT = 4 / 3

/** The interactive map's first view: the extent with as much again around it, so that its surroundings show. */
function aroundExtent([west, south, east, north]: [number, number, number, number]) {
  const margin = Math.max(0.02, (east - west) / 2, (north - south) / 2)
  return { west: Math.max(-180, west - margin), south: Math.max(-85, south - margin), east: Math.min(180, east + margin), north: Math.min(85, north + margin) }
}

type Dataset = Data['dataset']
type Resource = Dataset['resources'][number]

const sectionHeading = css({ fontSize: 'xl', fontWeight: '600', mb: '3' })
const section = css({ mb: '8' })
const muted = css({ color: 'text.muted' })
const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', p: '0', m: '0' })
const DAY = { dateStyle: 'medium', timeZone: 'UTC' } as const

export default function Page() {
  const { dataset, map, quality } = useData<Data>()
  const t = useT()
  return (
    <article aria-labelledby="dataset-title">
      <Header dataset={dataset} quality={quality} />
      <div className={css({ display: 'grid', gap: { base: '0', lg: '8' }, gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' } })}>
        <div>
          <section aria-labelledby="description-heading" className={section}>
            <h2 id="description-heading" className={sectionHeading}>
              {t('dataset.description')}
            </h2>
            {dataset.descriptionHtml ? (
              // Rendered on the server from CKAN Markdown with raw HTML dropped and unsafe URLs removed
              // (lib/markdown/SafeMarkdown.tsx); the Markdown parser never reaches the browser.
              <div className={prose} dangerouslySetInnerHTML={{ __html: dataset.descriptionHtml }} />
            ) : (
              <p className={muted}>{t('dataset.noDescription')}</p>
            )}
          </section>
          <Resources resources={dataset.resources} />
          <Quality quality={quality} />
        </div>
        <div>
          <Details dataset={dataset} />
          <Extent map={map} bbox={dataset.bbox} quality={quality} />
        </div>
      </div>
    </article>
  )
}

function Header({ dataset, quality }: { dataset: Dataset } & Pick<Data, 'quality'>) {
  const t = useT()
  const intl = useIntl()
  const portalLink = dataset.portal.isDemo ? null : webHref(dataset.portalUrl)
  return (
    <header className={css({ mb: '6' })}>
      <p className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', color: 'text.muted', mb: '1' })}>
        <span>{dataset.portal.name}</span>
        {dataset.portal.isDemo ? <Badge tone="info">{t('ckan.demoData')}</Badge> : null}
        {quality.ok ? (
          <a href="#quality-heading" className={css({ textDecoration: 'none' })}>
            <BandBadge band={quality.score.band} score={quality.score.scaled} />
          </a>
        ) : null}
      </p>
      <h1 id="dataset-title" className={css({ fontSize: '2xl', fontWeight: '600', mb: '3', overflowWrap: 'anywhere' })}>
        {dataset.title}
      </h1>
      {dataset.deletedAt ? (
        <div
          role="status"
          data-testid="dataset-deleted"
          className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', bg: 'warning.subtle', color: 'text', borderWidth: '1px', borderColor: 'warning', borderRadius: 'l2', px: '4', py: '3', mb: '3' })}
        >
          <Badge tone="warning" variant="solid">
            {t('dataset.deletedBadge')}
          </Badge>
          <span>
            {t('ckan.deletedOnPortal')} {t('dataset.deletedOn', { date: intl.formatDate(dataset.deletedAt, DAY) })}
          </span>
        </div>
      ) : null}
      {portalLink ? (
        <p>
          <a href={portalLink} rel="noopener nofollow">
            {t('dataset.viewOnPortal', { portal: dataset.portal.name })}
          </a>
        </p>
      ) : dataset.portal.isDemo ? (
        <p className={muted}>{t('dataset.demoNoPortal')}</p>
      ) : null}
    </header>
  )
}

function Details({ dataset }: { dataset: Dataset }) {
  const t = useT()
  const intl = useIntl()
  const date = (value: Date | null) => (value ? intl.formatDate(value, DAY) : t('dataset.notGiven'))
  const rows: Array<[string, ReactNode]> = [
    [
      t('dataset.publisher'),
      dataset.publisher ? <a href={`/organizations/${encodeURIComponent(dataset.publisher.id)}`}>{dataset.publisher.title}</a> : t('dataset.noPublisher'),
    ],
    [t('ckan.license'), <Licence key="licence" licence={dataset.licence} />],
    [t('dataset.created'), date(dataset.created)],
    [t('ckan.modified'), date(dataset.modified)],
    [t('dataset.harvested'), date(dataset.harvestedAt)],
    [t('ckan.tags'), <Chips key="tags" values={dataset.tags} />],
    [t('dataset.groups'), <Chips key="groups" values={dataset.groups} />],
  ]
  return (
    <section aria-labelledby="details-heading" className={section}>
      <h2 id="details-heading" className={sectionHeading}>
        {t('dataset.details')}
      </h2>
      <dl className={css({ display: 'grid', gap: '3' })}>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt className={css({ fontWeight: '600', fontSize: 'sm' })}>{term}</dt>
            <dd className={css({ overflowWrap: 'anywhere' })}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function Licence({ licence }: { licence: Dataset['licence'] }) {
  const t = useT()
  if (!licence) return <span className={muted}>{t('dataset.noLicence')}</span>
  const [tone, label] =
    licence.open === true
      ? (['success', t('dataset.openLicence')] as const)
      : licence.open === false
        ? (['error', t('dataset.licenceNotOpen')] as const)
        : (['neutral', t('dataset.licenceUnknown')] as const)
  return (
    <span className={css({ display: 'inline-flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
      <span>{licence.title}</span>
      <Badge tone={tone} size="sm" data-testid="licence-openness">
        {label}
      </Badge>
    </span>
  )
}

function Chips({ values }: { values: string[] }) {
  const t = useT()
  if (values.length === 0) return <span className={muted}>{t('dataset.none')}</span>
  return (
    <ul className={chips}>
      {values.map((value) => (
        <li key={value}>
          <Badge size="sm">{value}</Badge>
        </li>
      ))}
    </ul>
  )
}

function Resources({ resources }: { resources: Resource[] }) {
  const t = useT()
  return (
    <section aria-labelledby="resources-heading" className={section}>
      <h2 id="resources-heading" className={sectionHeading}>
        {t('dataset.resources')}
      </h2>
      {resources.length === 0 ? (
        <p className={muted}>{t('dataset.noResources')}</p>
      ) : (
        <Table.Container aria-label={t('dataset.resourcesCaption', { count: resources.length })}>
          <Table.Root density="compact">
            <Table.Caption>{t('dataset.resourcesCaption', { count: resources.length })}</Table.Caption>
            <Table.Head>
              <Table.Row>
                <Table.Header scope="col">{t('dataset.colName')}</Table.Header>
                <Table.Header scope="col">{t('ckan.format')}</Table.Header>
                <Table.Header scope="col">{t('dataset.colOpenness')}</Table.Header>
                <Table.Header scope="col" align="end">
                  {t('dataset.colSize')}
                </Table.Header>
                <Table.Header scope="col">{t('dataset.colLink')}</Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {resources.map((resource) => (
                <ResourceRow key={resource.position} resource={resource} />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.Container>
      )}
    </section>
  )
}

function ResourceRow({ resource }: { resource: Resource }) {
  const t = useT()
  const intl = useIntl()
  const href = webHref(resource.url)
  const name = resource.name?.trim() || t('dataset.unnamedResource', { number: resource.position + 1 })
  return (
    <Table.Row data-testid="resource-row">
      <Table.Header scope="row" className={css({ fontWeight: '400', overflowWrap: 'anywhere', minW: '12rem' })}>
        {href ? (
          <a href={href} rel="noopener nofollow">
            {name}
          </a>
        ) : (
          <>
            {name} <span className={muted}>({resource.url?.trim() ? t('dataset.notWebUrl') : t('dataset.noUrl')})</span>
          </>
        )}
      </Table.Header>
      <Table.Cell>
        <Badge size="sm" tone={resource.format === 'unknown' ? 'neutral' : 'primary'} title={resource.format === 'unknown' ? undefined : t(formatNameKey(resource.format))}>
          {resource.format === 'unknown' ? t('dataset.formatUnknown') : resource.format}
        </Badge>
        {resource.formatConflict ? (
          <span className={css({ display: 'block', fontSize: 'xs', color: 'warning.text', mt: '1' })}>{t('dataset.formatConflict')}</span>
        ) : null}
      </Table.Cell>
      <Table.Cell>
        <Stars count={resource.stars} />
      </Table.Cell>
      <Table.Cell align="end" className={css({ whiteSpace: 'nowrap' })}>
        {resource.size === null ? <span className={muted}>{t('dataset.notGiven')}</span> : formatByteSize(intl, resource.size)}
      </Table.Cell>
      <Table.Cell>
        <LinkStatus check={resource.linkCheck} />
      </Table.Cell>
    </Table.Row>
  )
}

function Stars({ count }: { count: number }) {
  const t = useT()
  const label = t('dataset.stars', { count })
  return (
    <span role="img" aria-label={label} title={label} className={css({ whiteSpace: 'nowrap', letterSpacing: '0.1em' })}>
      <span aria-hidden="true">{'★'.repeat(count)}</span>
      <span aria-hidden="true" className={css({ color: 'text.muted' })}>
        {'☆'.repeat(Math.max(0, 5 - count))}
      </span>
    </span>
  )
}

function LinkStatus({ check }: { check: Resource['linkCheck'] }) {
  const t = useT()
  const intl = useIntl()
  if (!check) return <span className={muted}>{t('dataset.linkNotChecked')}</span>
  const label = check.ok
    ? t('dataset.linkOk')
    : check.status === null
      ? t('dataset.linkUnreachable')
      : t('dataset.linkBroken', { status: check.status })
  return (
    <span className={css({ display: 'inline-flex', flexDirection: 'column', gap: '1', alignItems: 'flex-start' })}>
      <Badge size="sm" tone={check.ok ? 'success' : 'error'}>
        {label}
      </Badge>
      <span className={css({ fontSize: 'xs', color: 'text.muted', whiteSpace: 'nowrap' })}>
        {t('dataset.checkedOn', { date: intl.formatDate(check.checkedAt, DAY) })}
      </span>
    </span>
  )
}

function Extent({ map, bbox, quality }: Pick<Data, 'map' | 'quality'> & { bbox: Dataset['bbox'] }) {
  const t = useT()
  const intl = useIntl()
  const degrees = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 3 })
  const described = bbox
    ? t('dataset.extentBox', { west: degrees(bbox[0]), south: degrees(bbox[1]), east: degrees(bbox[2]), north: degrees(bbox[3]) })
    : t('dataset.noExtent')
  const svg = (
    <svg
      role="img"
      aria-labelledby="extent-map-title"
      viewBox={`0 0 ${map.width} ${map.height}`}
      className={css({ w: 'full', maxW: '320px', h: 'auto', display: 'block', mb: '2' })}
      style={{ aspectRatio: String(EXTENT_MAP_ASPECT) }}
    >
      <title id="extent-map-title">{`${t('dataset.extentMap')}. ${described}`}</title>
      {map.kraje.map((kraj) => (
        <path key={kraj.id} d={kraj.d} className={css({ fill: 'surface.raised', stroke: 'border.strong', strokeWidth: '0.75' })} />
      ))}
      {map.extent && map.extentInFrame ? (
        // A point (or a box a few pixels wide) is drawn as a dot that can be seen.
        map.extent.width < 6 && map.extent.height < 6 ? (
          <circle
            data-testid="extent-rect"
            cx={map.extent.x + map.extent.width / 2}
            cy={map.extent.y + map.extent.height / 2}
            r="5"
            className={css({ fill: 'primary', stroke: 'bg', strokeWidth: '1.5' })}
          />
        ) : (
          <rect data-testid="extent-rect" {...map.extent} className={css({ fill: 'primary', fillOpacity: '0.25', stroke: 'primary', strokeWidth: '2' })} />
        )
      ) : null}
    </svg>
  )
  return (
    <section aria-labelledby="extent-heading" className={section}>
      <h2 id="extent-heading" className={sectionHeading}>
        {t('dataset.extent')}
      </h2>
      {map.extentGeometry && bbox ? (
        <div className={css({ maxW: '480px', mb: '2' })}>
          <ShapesMap
            label={t('dataset.extentMapLabel')}
            basemap={map.basemap}
            box={aroundExtent(bbox)}
            aspect={EXTENT_MAP_ASPECT}
            shapes={[{ id: 'extent', geometry: map.extentGeometry, label: described }]}
            fallback={svg}
            testId="extent-map"
          />
        </div>
      ) : (
        svg
      )}
      <p className={css({ fontSize: 'sm', mb: '3' })} data-testid="extent-text">
        {described}
        {bbox && !map.extentInFrame ? ` ${t('dataset.extentOutside')}` : null}
      </p>
      {quality.ok ? (
        quality.regions.length ? (
          <>
            <h3 className={css({ fontWeight: '600', fontSize: 'sm', mb: '1' })}>{t('dataset.places')}</h3>
            <ul className={chips}>
              {quality.regions.map((region) => (
                <li key={region.id}>
                  <a href={`/location/${encodeURIComponent(region.id)}`}>{region.name}</a>
                </li>
              ))}
            </ul>
          </>
        ) : bbox ? (
          <p className={muted}>{t('dataset.noPlaces')}</p>
        ) : null
      ) : (
        <SectionError message={t('dataset.placesError')} />
      )}
    </section>
  )
}

function Quality({ quality }: Pick<Data, 'quality'>) {
  const t = useT()
  const intl = useIntl()
  const percent = (value: number) => intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 0 })
  return (
    <section aria-labelledby="quality-heading" className={section}>
      <h2 id="quality-heading" className={sectionHeading}>
        {t('dataset.quality')}
      </h2>
      {quality.ok ? (
        <>
          <p className={css({ color: 'text.muted', mb: '4', maxW: '70ch' })}>{t('dataset.qualityMethod')}</p>
          <IndicatorBreakdown score={quality.score} />
          <h3 className={css({ fontSize: 'lg', fontWeight: '600', mt: '6', mb: '2' })}>{t('dataset.portalWatch')}</h3>
          <p className={css({ color: 'text.muted', fontSize: 'sm', mb: '3' })}>{t('dataset.portalWatchHint')}</p>
          <dl className={css({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '3', maxW: '32rem' })} data-testid="portal-watch">
            {(['existence', 'conformance', 'openness'] as const).map((dimension) => (
              <div key={dimension} className={css({ bg: 'surface.raised', borderRadius: 'l2', px: '3', py: '2' })}>
                <dt className={css({ fontSize: 'sm', color: 'text.muted' })}>{t(`dataset.pw_${dimension}`)}</dt>
                <dd className={css({ fontSize: 'xl', fontWeight: '600' })}>{percent(quality.portalWatch[dimension])}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <SectionError message={t('dataset.qualityError')} />
      )}
    </section>
  )
}

// CKAN descriptions arrive as Markdown; preflight strips list and heading styles, so they are given back here.
const prose = css({
  maxW: '70ch',
  overflowWrap: 'anywhere',
  '& p, & ul, & ol, & pre, & blockquote, & table': { mb: '3' },
  '& ul': { listStyleType: 'disc', pl: '6' },
  '& ol': { listStyleType: 'decimal', pl: '6' },
  '& h3, & h4, & h5, & h6': { fontWeight: '600', mt: '4', mb: '2' },
  '& h3': { fontSize: 'lg' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'surface.raised', px: '1', borderRadius: 'l1' },
  '& pre': { bg: 'surface.raised', p: '3', borderRadius: 'l2', overflowX: 'auto' },
  '& blockquote': { borderLeftWidth: '3px', borderColor: 'border.strong', pl: '3', color: 'text.muted' },
  '& hr': { borderColor: 'border', my: '4' },
})
