import { useState } from 'react'
import { css } from '../../styled-system/css'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { Table } from '../../components/ui/table.tsx'
import { Pagination } from '../../components/ui/pagination.tsx'
import { Card } from '../../components/ui/card.tsx'
import { Avatar } from '../../components/ui/avatar.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Tabs } from '../../components/ui/tabs.tsx'
import { PriorityBadge, StatusBadge, type Priority, type TestStatus } from '../../components/ui/badge.tsx'
import { Demo, GallerySection, layouts } from './GallerySection.tsx'
import { PlayIcon } from './GalleryIcons.tsx'

type Portal = { host: string; country: string; datasets: number; harvested: string; status: TestStatus; priority: Priority }

// Sample catalogues that run CKAN; the figures are illustrative.
const PORTALS: Portal[] = [
  { host: 'catalog.data.gov', country: 'US', datasets: 301245, harvested: '2025-05-14T03:10:00Z', status: 'passed', priority: 'medium' },
  { host: 'data.gov.uk', country: 'GB', datasets: 61872, harvested: '2025-05-14T01:45:00Z', status: 'failed', priority: 'critical' },
  { host: 'open.canada.ca', country: 'CA', datasets: 39410, harvested: '2025-05-13T22:30:00Z', status: 'passed', priority: 'low' },
  { host: 'data.gov.au', country: 'AU', datasets: 112903, harvested: '2025-05-13T18:05:00Z', status: 'blocked', priority: 'high' },
  { host: 'opendata.swiss', country: 'CH', datasets: 13527, harvested: '2025-05-13T04:00:00Z', status: 'passed', priority: 'medium' },
  { host: 'www.govdata.de', country: 'DE', datasets: 108334, harvested: '2025-05-12T23:15:00Z', status: 'skipped', priority: 'low' },
  { host: 'data.gov.ie', country: 'IE', datasets: 18755, harvested: '2025-05-12T06:20:00Z', status: 'passed', priority: 'low' },
  { host: 'www.data.gv.at', country: 'AT', datasets: 46120, harvested: '2025-05-11T21:00:00Z', status: 'untested', priority: 'medium' },
  { host: 'opendata.praha.eu', country: 'CZ', datasets: 1287, harvested: '2025-05-12T06:00:00Z', status: 'passed', priority: 'high' },
  { host: 'data.gov.sk', country: 'SK', datasets: 3402, harvested: '2025-05-10T12:40:00Z', status: 'failed', priority: 'high' },
  { host: 'data.gov.ro', country: 'RO', datasets: 2968, harvested: '2025-05-09T08:10:00Z', status: 'untested', priority: 'low' },
  { host: 'www.avoindata.fi', country: 'FI', datasets: 5711, harvested: '2025-05-08T15:55:00Z', status: 'passed', priority: 'medium' },
]

const PAGE_SIZE = 5

function PortalTable() {
  const t = useT()
  const intl = useIntl()
  const [page, setPage] = useState(1)
  const rows = PORTALS.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', alignItems: 'flex-start' })}>
      <Table.Container aria-label={t('gallery.tableCaption')} className={css({ width: '100%' })}>
        <Table.Root>
          <Table.Caption>
            {t('gallery.tableCaptionRange', {
              from: (page - 1) * PAGE_SIZE + 1,
              to: Math.min(page * PAGE_SIZE, PORTALS.length),
              total: PORTALS.length,
            })}
          </Table.Caption>
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">{t('gallery.columnPortal')}</Table.Header>
              <Table.Header scope="col">{t('gallery.columnCountry')}</Table.Header>
              <Table.Header scope="col" align="end">
                {t('gallery.columnDatasets')}
              </Table.Header>
              <Table.Header scope="col">{t('gallery.columnLastHarvest')}</Table.Header>
              <Table.Header scope="col">{t('gallery.columnPriority')}</Table.Header>
              <Table.Header scope="col">{t('gallery.columnStatus')}</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {rows.map((portal) => (
              <Table.Row key={portal.host}>
                <Table.Header scope="row">{portal.host}</Table.Header>
                <Table.Cell>{intl.formatDisplayName(portal.country, { type: 'region' })}</Table.Cell>
                <Table.Cell align="end">{intl.formatNumber(portal.datasets)}</Table.Cell>
                <Table.Cell>
                  {intl.formatDate(new Date(portal.harvested), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })}
                </Table.Cell>
                <Table.Cell>
                  <PriorityBadge priority={portal.priority} />
                </Table.Cell>
                <Table.Cell>
                  <StatusBadge status={portal.status} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.Container>
      <Pagination
        count={PORTALS.length}
        pageSize={PAGE_SIZE}
        page={page}
        onPageChange={(details) => setPage(details.page)}
        label={t('gallery.tablePages')}
      />
    </div>
  )
}

function PortalCards() {
  const t = useT()
  const intl = useIntl()
  return (
    <>
      {PORTALS.slice(0, 3).map((portal) => (
        <Card.Root key={portal.host}>
          <Card.Header>
            <Card.Title asChild>
              <h4>{portal.host}</h4>
            </Card.Title>
            <Card.Description>{intl.formatDisplayName(portal.country, { type: 'region' })}</Card.Description>
          </Card.Header>
          <Card.Body>
            <p>{t('gallery.cardDatasets', { count: portal.datasets })}</p>
            <p className={css({ color: 'text.muted', fontSize: 'sm' })}>
              {t('gallery.cardHarvested', { date: intl.formatDate(new Date(portal.harvested), { dateStyle: 'long', timeZone: 'UTC' }) })}
            </p>
            <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
              <StatusBadge status={portal.status} />
              <PriorityBadge priority={portal.priority} />
            </div>
          </Card.Body>
          <Card.Footer>
            <Button variant="ghost" size="sm">
              {t('gallery.openPortal')}
            </Button>
            <Button size="sm" variant="subtle">
              <PlayIcon />
              {t('gallery.runTests')}
            </Button>
          </Card.Footer>
        </Card.Root>
      ))}
      <Card.Root variant="outlined">
        <Card.Header>
          <Card.Title asChild>
            <h4>{t('gallery.outlinedCard')}</h4>
          </Card.Title>
          <Card.Description>{t('gallery.outlinedCardText')}</Card.Description>
        </Card.Header>
        <Card.Body>
          <p>{t('gallery.cardDatasets', { count: 1 })}</p>
          <p>{t('gallery.cardDatasets', { count: 3 })}</p>
          <p>{t('gallery.cardDatasets', { count: 5 })}</p>
        </Card.Body>
      </Card.Root>
    </>
  )
}

const PEOPLE = ['Jana Nováková', 'Tomáš Dvořák', 'Zofia Wiśniewska', 'Lukas Schmidt', 'Chloé Martin', '王芳']

function Avatars() {
  return (
    <>
      {PEOPLE.map((name, index) => (
        <Avatar key={name} name={name} size={(['sm', 'md', 'lg'] as const)[index % 3]} />
      ))}
      <Avatar name="Portalscope" src="/favicon.svg" size="lg" />
    </>
  )
}

function PortalTabs() {
  const t = useT()
  return (
    <Tabs.Root defaultValue="overview">
      <Tabs.List aria-label={t('gallery.tabsLabel')}>
        <Tabs.Trigger value="overview">{t('gallery.tabOverview')}</Tabs.Trigger>
        <Tabs.Trigger value="datasets">{t('gallery.tabDatasets')}</Tabs.Trigger>
        <Tabs.Trigger value="harvests">{t('gallery.tabHarvests')}</Tabs.Trigger>
        <Tabs.Trigger value="settings" disabled>
          {t('gallery.tabSettings')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="overview">{t('gallery.tabOverviewText')}</Tabs.Content>
      <Tabs.Content value="datasets">{t('gallery.tabDatasetsText', { count: 1287 })}</Tabs.Content>
      <Tabs.Content value="harvests">{t('gallery.tabHarvestsText')}</Tabs.Content>
    </Tabs.Root>
  )
}

export function DataDemos() {
  const t = useT()
  return (
    <GallerySection id="data" title={t('gallery.dataTitle')} lead={t('gallery.dataLead')}>
      <Demo title={t('gallery.tableTitle')} layout={css({ display: 'block' })}>
        <PortalTable />
      </Demo>
      <Demo title={t('gallery.paginationTitle')}>
        <Pagination count={240} pageSize={10} defaultPage={7} siblingCount={1} />
      </Demo>
      <Demo title={t('gallery.tabsTitle')} layout={css({ display: 'block' })}>
        <PortalTabs />
      </Demo>
      <Demo title={t('gallery.cardsTitle')} layout={layouts.cards}>
        <PortalCards />
      </Demo>
      <Demo title={t('gallery.avatarsTitle')}>
        <Avatars />
      </Demo>
    </GallerySection>
  )
}
