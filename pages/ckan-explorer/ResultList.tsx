import { memo } from 'react'
import { Badge } from '../../components/ui/badge.tsx'
import { Card } from '../../components/ui/card.tsx'
import { Skeleton, SkeletonText } from '../../components/ui/skeleton.tsx'
import { css } from '../../styled-system/css'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { formatNameKey } from '../../lib/i18n/format-names.ts'
import { PAGE_SIZE } from './explorer-state.ts'
import { sameContent } from './same-content.ts'
import { parseCkanDate, type ResultCard } from './search-view.ts'
import type { PortalChoice } from './use-explorer-search.ts'

const listStyle = css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' })
// Cards keep one height class while loading and loaded, so the list does not jump when results arrive.
const cardMinH = css({ minH: '9rem' })

/**
 * The result cards. An answer with the same cards as those on screen (live answers that bring nothing new, a portal
 * that is down) renders nothing again.
 */
export const ResultList = memo(function ResultList({ items, portals }: { items: ResultCard[]; portals: Map<string, PortalChoice> }) {
  const t = useT()
  const intl = useIntl()
  return (
    <ul className={listStyle}>
      {items.map((item) => {
        const portal = portals.get(item.instanceId)
        const modified = parseCkanDate(item.modified)
        return (
          <li key={item.id}>
            <Card.Root variant="outlined" className={cardMinH}>
              <Card.Header>
                <Card.Title asChild>
                  <h3>
                    <a href={`/dataset/${encodeURIComponent(item.id)}`}>{item.title}</a>
                  </h3>
                </Card.Title>
                <Card.Description>
                  <span>{portal?.name ?? item.instanceId}</span>
                  {portal?.isDemo ? (
                    <Badge size="sm" tone="accent" className={css({ ms: '2', verticalAlign: 'middle' })}>
                      {t('ckan.demoData')}
                    </Badge>
                  ) : null}
                  {item.publisher ? <span> · {item.publisher}</span> : null}
                  {modified ? (
                    <span>
                      {' · '}
                      {/* Formatted in UTC: the server and the browser must render the same date. */}
                      {t('explorer.modifiedOn', { date: intl.formatDate(modified, { dateStyle: 'medium', timeZone: 'UTC' }) })}
                    </span>
                  ) : null}
                </Card.Description>
              </Card.Header>
              <Card.Body>
                {item.excerpt ? <p className={css({ fontSize: 'sm', maxW: '75ch' })}>{item.excerpt}</p> : null}
                {item.formats.length ? (
                  <ul aria-label={t('explorer.facetFormats')} className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', listStyle: 'none', p: '0', m: '0' })}>
                    {item.formats.map((chip) => (
                      <li key={chip.label}>
                        <Badge size="sm" variant="outline" title={chip.format ? t(formatNameKey(chip.format)) : undefined}>
                          {chip.label}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </Card.Body>
            </Card.Root>
          </li>
        )
      })}
    </ul>
  )
}, (before, after) => before.portals === after.portals && sameContent(before.items, after.items))

/** Placeholders while the first answer for a search is on its way; the wait itself is announced in words. */
export function ResultSkeleton() {
  return (
    <ul aria-hidden="true" className={listStyle}>
      {Array.from({ length: Math.min(PAGE_SIZE, 5) }, (_, index) => (
        <li key={index}>
          <Card.Root variant="outlined" className={cardMinH}>
            <Card.Header>
              <Skeleton shape="text" style={{ width: '50%', height: '1.25rem' }} />
              <Skeleton shape="text" style={{ width: '35%' }} />
            </Card.Header>
            <Card.Body>
              <SkeletonText lines={2} />
            </Card.Body>
          </Card.Root>
        </li>
      ))}
    </ul>
  )
}
