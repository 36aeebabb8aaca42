import { lazy, Suspense, useEffect, type ComponentType } from 'react'
import { css } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { PageIntro } from '../../components/PageIntro.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { ThemePreview } from './ThemePreview.tsx'
import { ColourDemos, BadgeDemos } from './ColourDemos.tsx'

// The sections with heavier machinery (tooltips, date picker, combobox, menus, dialogs...) are separate chunks, loaded
// once the page has hydrated, so the page's initial script stays within the bundle budget. They are not rendered on
// the server: a server-side Suspense boundary this large would be streamed with React's inline scripts, which the
// nonce-based CSP blocks.
const ButtonDemos = lazy(() => import('./ButtonDemos.tsx').then((module) => ({ default: module.ButtonDemos })))
const FormDemos = lazy(() => import('./FormDemos.tsx').then((module) => ({ default: module.FormDemos })))
const OverlayDemos = lazy(() => import('./OverlayDemos.tsx').then((module) => ({ default: module.OverlayDemos })))
const DataDemos = lazy(() => import('./DataDemos.tsx').then((module) => ({ default: module.DataDemos })))
const FeedbackDemos = lazy(() => import('./FeedbackDemos.tsx').then((module) => ({ default: module.FeedbackDemos })))

/** A link to `#forms` and the like finds its section only once that has loaded: scroll to it then (unless the reader has scrolled). */
function RevealHashTarget() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1))
    if (id && window.scrollY === 0) document.getElementById(id)?.scrollIntoView()
  }, [])
  return null
}

function Deferred({ section: Section }: { section: ComponentType }) {
  const hydrated = useHydrated()
  const placeholder = <Skeleton shape="rect" className={css({ h: '64', w: '100%' })} />
  return hydrated ? (
    <Suspense fallback={placeholder}>
      <Section />
      <RevealHashTarget />
    </Suspense>
  ) : (
    placeholder
  )
}

const toc = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  listStyle: 'none',
  p: '0',
  m: '0',
  '& a': {
    display: 'inline-flex',
    alignItems: 'center',
    h: '8',
    px: '3',
    borderRadius: 'full',
    bg: 'primary.subtle',
    color: 'primary.text',
    fontSize: 'sm',
    fontWeight: '500',
    textDecoration: 'none',
    _hover: { textDecoration: 'underline' },
  },
})

/** The living gallery of components/ui: every component, in both themes, with realistic content. */
export default function Page() {
  const t = useT()
  const sections = [
    ['colours', t('gallery.coloursTitle')],
    ['buttons', t('gallery.buttonsTitle')],
    ['badges', t('gallery.badgesTitle')],
    ['forms', t('gallery.formsTitle')],
    ['overlays', t('gallery.overlaysTitle')],
    ['data', t('gallery.dataTitle')],
    ['feedback', t('gallery.feedbackTitle')],
  ] as const
  return (
    <>
      <PageIntro title={t('gallery.title')} description={t('gallery.description')}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', mb: '10' })}>
          <ThemePreview />
          <nav aria-label={t('gallery.contents')}>
            <ul className={toc}>
              {sections.map(([id, title]) => (
                <li key={id}>
                  <a href={`#${id}`}>{title}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </PageIntro>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '16' })}>
        <ColourDemos />
        <Deferred section={ButtonDemos} />
        <BadgeDemos />
        <Deferred section={FormDemos} />
        <Deferred section={OverlayDemos} />
        <Deferred section={DataDemos} />
        <Deferred section={FeedbackDemos} />
      </div>
    </>
  )
}
