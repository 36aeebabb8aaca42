import { css } from '../../styled-system/css'
import { Table } from '../../components/ui/table.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { binFill, binIndex, type Bin } from '../../features/portals/choropleth.ts'

type Region = { id: string; name: string; datasets: number }
type MapShape = { width: number; height: number; outlines: Array<{ id: string; d: string }> }

// On the <svg>, not on each of the 14 links, so the class names are written once.
const mapStyle = css({
  w: '100%',
  maxW: '640px',
  h: 'auto',
  display: 'block',
  '& a': { outline: 'none' },
  '& path': { stroke: 'border.strong', strokeWidth: '0.75', strokeLinejoin: 'round' },
  '& a:hover path': { stroke: 'text', strokeWidth: '2' },
  // Not the focus colour: it is the primary blue the strongest class is filled with.
  '& a:focus-visible path': { stroke: 'text', strokeWidth: '3.5', strokeDasharray: '6 3' },
})

const swatch = css({ display: 'inline-block', w: '4', h: '4', borderRadius: 'l1', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border.strong', flexShrink: 0 })

/**
 * Datasets per Czech kraj on a small server-rendered map: every kraj a link to its page, named for screen readers
 * and titled for a pointer; a legend for the colours and the same figures as a table.
 */
export function KrajMap({ map, regions, bins }: { map: MapShape; regions: Region[]; bins: Bin[] }) {
  const t = useT()
  const intl = useIntl()
  const byId = new Map(regions.map((region) => [region.id, region]))
  const number = (value: number) => intl.formatNumber(value)
  return (
    <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' })}>
      <figure className={css({ display: 'grid', gap: '3', m: '0' })}>
        <svg
          viewBox={`0 0 ${map.width} ${map.height}`}
          role="group"
          aria-label={t('overview.mapLabel')}
          data-testid="kraj-map"
          className={mapStyle}
        >
          {map.outlines.map((outline) => {
            const region = byId.get(outline.id)
            const datasets = region?.datasets ?? 0
            const label = t('overview.regionLink', { region: region?.name ?? outline.id, count: datasets })
            return (
              <a key={outline.id} href={`/location/${outline.id}`} aria-label={label} data-region={outline.id}>
                <title>{label}</title>
                <path d={outline.d} style={{ fill: binFill(binIndex(datasets, bins), bins.length) }} />
              </a>
            )
          })}
        </svg>
        <figcaption>
          <p className={css({ fontSize: 'sm', fontWeight: '600', mb: '1' })}>{t('overview.legendTitle')}</p>
          <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', listStyle: 'none', p: '0', fontSize: 'sm', color: 'text.muted' })}>
            <li className={css({ display: 'flex', alignItems: 'center', gap: '1.5' })}>
              <span aria-hidden="true" className={swatch} style={{ background: binFill(-1, bins.length) }} />
              {t('overview.legendNone')}
            </li>
            {bins.map((bin, index) => (
              <li key={bin.min} className={css({ display: 'flex', alignItems: 'center', gap: '1.5' })}>
                <span aria-hidden="true" className={swatch} style={{ background: binFill(index, bins.length) }} />
                {bin.min === bin.max ? number(bin.min) : t('overview.legendRange', { min: number(bin.min), max: number(bin.max) })}
              </li>
            ))}
          </ul>
        </figcaption>
      </figure>
      <Table.Container aria-label={t('overview.regionsCaption')}>
        <Table.Root density="compact">
          <Table.Caption>{t('overview.regionsCaption')}</Table.Caption>
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">{t('overview.region')}</Table.Header>
              <Table.Header scope="col" align="end">
                {t('ckan.datasets')}
              </Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {regions.map((region) => (
              <Table.Row key={region.id}>
                <Table.Header scope="row">
                  <a href={`/location/${region.id}`}>{region.name}</a>
                </Table.Header>
                <Table.Cell align="end">{number(region.datasets)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.Container>
    </div>
  )
}
