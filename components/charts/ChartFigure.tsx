import type { ReactNode } from 'react'
import { css } from '../../styled-system/css'
import { Table } from '../ui/table.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'

const figure = css({ display: 'grid', gap: '3', m: '0', minW: '0' })

const disclosure = css({
  '& > summary': {
    cursor: 'pointer',
    color: 'primary.text',
    fontSize: 'sm',
    fontWeight: '500',
    width: 'fit-content',
    py: '1',
    textDecoration: 'underline',
    textUnderlineOffset: '2px',
  },
  '&[open] > summary': { mb: '2' },
})

export type ChartTableRow = { key: string; cells: ReactNode[] }

/** The data of a chart as a table: the first column names the row (a row header), the rest are numbers. */
export function ChartTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: ChartTableRow[] }) {
  return (
    <Table.Container aria-label={caption}>
      <Table.Root density="compact">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Head>
          <Table.Row>
            {headers.map((header, index) => (
              <Table.Header key={header} scope="col" align={index === 0 ? 'start' : 'end'}>
                {header}
              </Table.Header>
            ))}
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.key}>
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <Table.Header key={index} scope="row" className={css({ whiteSpace: 'normal' })}>
                    {cell}
                  </Table.Header>
                ) : (
                  <Table.Cell key={index} align="end">
                    {cell}
                  </Table.Cell>
                ),
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.Container>
  )
}

/**
 * A chart with its accessible alternatives: the picture (`role="img"`, named by a summary of its data) and the same data
 * as a table behind a "Show as table" disclosure, which works without JavaScript.
 */
export function ChartFigure({ chart, legend, table, testId }: { chart: ReactNode; legend?: ReactNode; table: ReactNode; testId?: string }) {
  const t = useT()
  return (
    <figure className={figure} data-testid={testId}>
      {chart}
      {legend}
      <details className={disclosure}>
        <summary>{t('charts.showTable')}</summary>
        {table}
      </details>
    </figure>
  )
}

/** The box of a chart drawn in HTML (bars): rows one under another, as wide as an SVG chart. */
export const htmlChartClass = css({ display: 'grid', gap: '3', width: '100%', maxW: '36rem' })

export const svgClass = css({ display: 'block', width: '100%', height: 'auto', maxW: '36rem', overflow: 'visible' })
