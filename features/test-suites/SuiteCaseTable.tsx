import { css } from '../../styled-system/css'
import { Badge, PriorityBadge } from '../../components/ui/badge.tsx'
import { Table } from '../../components/ui/table.tsx'
import type { Priority } from '../../lib/domain/test-management.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { caseHref } from '../../lib/routing/project-links.ts'
import { stateKey } from './labels.ts'

export type SuiteCaseRow = { id: string; key: string; title: string; priority: Priority; state: string }

/** The cases of a suite (or of one of its sections) in order, each linking to its page. */
export function SuiteCaseTable({ cases, label, testId }: { cases: readonly SuiteCaseRow[]; label: string; testId?: string }) {
  const t = useT()
  return (
    <Table.Container aria-label={label} data-testid={testId}>
      <Table.Root density="compact">
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col" align="end">
              {t('suites.positionColumn')}
            </Table.Header>
            <Table.Header scope="col">{t('suites.keyColumn')}</Table.Header>
            <Table.Header scope="col">{t('suites.titleColumn')}</Table.Header>
            <Table.Header scope="col">{t('suites.priorityColumn')}</Table.Header>
            <Table.Header scope="col">{t('suites.stateColumn')}</Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {cases.map((item, index) => {
            const state = stateKey(item.state)
            return (
              <Table.Row key={item.id} data-testid="suite-case">
                <Table.Cell align="end" className={css({ color: 'text.muted' })}>
                  {index + 1}
                </Table.Cell>
                <Table.Cell className={css({ fontFamily: 'mono', whiteSpace: 'nowrap' })}>{item.key}</Table.Cell>
                <Table.Cell className={css({ minW: '48' })}>
                  <a href={caseHref(item.id)} className={css({ color: 'primary.text', textDecoration: 'underline', textUnderlineOffset: '2px', overflowWrap: 'anywhere' })}>
                    {item.title}
                  </a>
                </Table.Cell>
                <Table.Cell>
                  <PriorityBadge priority={item.priority} size="sm" />
                </Table.Cell>
                <Table.Cell>
                  <Badge size="sm" variant="outline">
                    {state ? t(state) : item.state}
                  </Badge>
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Table.Container>
  )
}
