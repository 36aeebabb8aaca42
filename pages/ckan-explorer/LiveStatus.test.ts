import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { loadMessages } from '../../lib/i18n/catalog.ts'
import { I18nProvider } from '../../lib/i18n/I18nProvider.tsx'
import type { Locale } from '../../lib/i18n/locales.ts'
import { LiveNotices } from './LiveStatus.tsx'
import type { LivePortalState, PortalChoice } from './use-explorer-search.ts'

const PORTALS = new Map<string, PortalChoice>(
  ['Praha', 'Brno', 'Ostrava', 'Plzeň', 'Liberec', 'Olomouc'].map((name, index) => [`p${index}`, { id: `p${index}`, name, isDemo: false }]),
)

async function render(portals: LivePortalState[], locale: Locale = 'en'): Promise<string> {
  const messages = await loadMessages(locale)
  const notices = createElement(LiveNotices, { live: { phase: 'done', portals }, portals: PORTALS, snapshotHref: '/ckan-explorer?source=snapshot' })
  return renderToStaticMarkup(createElement(I18nProvider, { locale, messages, children: notices }))
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()

describe('the notice of portals that did not answer', () => {
  it('names a few portals, and counts many, naming them on request', async () => {
    const html = await render([
      ...['p0', 'p1', 'p2', 'p3'].map((id): LivePortalState => ({ id, status: 'failed', error: 'unreachable' })),
      { id: 'p4', status: 'failed', error: 'timeout' },
      { id: 'p5', status: 'answered', count: 3, ms: 120 },
    ])
    expect(text(html)).toContain('The portal did not answer in time. Affected: Liberec.')
    const many = /<details>([\s\S]*?)<\/details>/.exec(html)?.[1] ?? ''
    expect(text(/<summary[^>]*>([\s\S]*?)<\/summary>/.exec(many)?.[1] ?? '')).toBe('The portal could not be reached. Affected: 4 catalogues.')
    expect(text(many)).toContain('Praha, Brno, Ostrava, and Plzeň')
    expect(html).not.toContain('Olomouc')
  })

  it('says the count in Czech grammar', async () => {
    const failing = (ids: string[]) => ids.map((id): LivePortalState => ({ id, status: 'failed', error: 'unreachable' }))
    expect(text(await render(failing(['p0', 'p1', 'p2', 'p3']), 'cs'))).toContain('Týká se 4 katalogů.')
    expect(text(await render(failing(['p0', 'p1', 'p2', 'p3', 'p4', 'p5']), 'cs'))).toContain('Týká se 6 katalogů.')
    expect(text(await render(failing(['p0', 'p1', 'p2']), 'cs'))).toContain('Týká se: Praha, Brno a Ostrava.')
  })
})
