import type { ComponentProps } from 'react'
import { html } from './html.tsx'
import { table } from '../../styled-system/recipes'
import { createStyleContext } from './style-context.tsx'

const { withProvider, withContext } = createStyleContext(table)

type Align = { align?: 'start' | 'center' | 'end' }

const Header = withContext(html.th, 'header')
const Cell = withContext(html.td, 'cell')

/** A region that scrolls a wide table sideways; focusable (keyboard scrolling) and named by its `aria-label`. */
function Container(props: ComponentProps<typeof ContainerBase> & { 'aria-label': string }) {
  return <ContainerBase role="region" tabIndex={0} {...props} />
}
const ContainerBase = withContext(html.div, 'container')

/**
 * A semantic data table: `<Table.Container aria-label> <Table.Root density? striped?> <Table.Caption/> <Table.Head>
 * <Table.Row> <Table.Header scope="col"/> </Table.Row> </Table.Head> <Table.Body> <Table.Row> <Table.Header
 * scope="row"/> <Table.Cell align="end"/> </Table.Row> </Table.Body> </Table.Root> </Table.Container>`.
 * `density`: comfortable (default) or compact.
 */
export const Table = {
  Container,
  Root: withProvider(html.table, 'root'),
  Caption: withContext(html.caption, 'caption'),
  Head: withContext(html.thead, 'head'),
  Body: withContext(html.tbody, 'body'),
  Foot: withContext(html.tfoot, 'foot'),
  Row: withContext(html.tr, 'row'),
  Header: ({ align, ...props }: Omit<ComponentProps<typeof Header>, 'align'> & Align) => <Header data-align={align} {...props} />,
  Cell: ({ align, ...props }: Omit<ComponentProps<typeof Cell>, 'align'> & Align) => <Cell data-align={align} {...props} />,
}
