import { lazy, memo, use, useEffect, useMemo, useReducer, type ComponentType, type ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { loadMessageGroups, pickGroups, type MessageGroup, type Messages } from '../lib/i18n/catalog.ts'
import { I18nProvider, useIntl, useLocale } from '../lib/i18n/I18nProvider.tsx'
import { LoadFailed } from './load-failed.tsx'

const onServer = typeof window === 'undefined'

/**
 * A part of a page whose code and catalogue groups are not in the page's bundle (decision 021): the browser starts
 * loading its code when the page's code runs, and its groups when it first renders; the page's route lists fewer
 * groups (lib/i18n/page-groups.test.ts reads `groups` here for the part's code). The server has every group and has
 * the part's code from its first use, so the part is in the first HTML in place (a form in it works without
 * JavaScript). There is no Suspense boundary around it: the server would stream a boundary after a large page apart
 * from its place, hidden until a script moves it; so the page hydrates once the part has loaded, which it does while
 * the page's own code loads. Its props should keep their identity across renders (it is memoised).
 */
export function lazyWithGroups<P extends object>(groups: readonly MessageGroup[], load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null
  load().then(
    (module) => (loaded = module.default),
    () => undefined, // the part's render asks again
  )
  // A part whose code cannot load (offline since the page came) says so in its place, with "Retry", which asks for
  // its code again in every place the part is shown; the rest of the page still hydrates.
  const shown = new Set<() => void>()
  const retry = () => {
    Lazy = makeLazy()
    for (const rerender of shown) rerender()
  }
  const makeLazy = () => lazy(() => load().catch(() => ({ default: (() => <LoadFailed onRetry={retry} />) as ComponentType<P> })))
  let Lazy = makeLazy()

  function Part(props: P) {
    const pageContext = usePageContext()
    const [, rerender] = useReducer((count: number) => count + 1, 0)
    useEffect(() => {
      shown.add(rerender)
      return () => {
        shown.delete(rerender)
      }
    }, [])
    const ServerPart = onServer ? loaded : null
    // A part with no groups of its own renders with the page's messages as they are.
    if (groups.length === 0) return ServerPart ? <ServerPart {...props} /> : <Lazy {...props} />
    return ServerPart ? (
      <WithMessages extra={pickGroups(pageContext.messages ?? {}, groups)}>
        <ServerPart {...props} />
      </WithMessages>
    ) : (
      <WithGroups groups={groups}>
        <Lazy {...props} />
      </WithGroups>
    )
  }
  return memo(Part) as unknown as ComponentType<P>
}

const groupLoads = new Map<string, Promise<Messages>>()

/** Waits (suspends) for the part's groups in the page's language, loaded once per page load. */
function WithGroups({ groups, children }: { groups: readonly MessageGroup[]; children: ReactNode }) {
  const locale = useLocale()
  const id = `${locale}/${groups.join(',')}`
  let pending = groupLoads.get(id)
  if (!pending) {
    pending = loadMessageGroups(locale, groups)
    groupLoads.set(id, pending)
  }
  return <WithMessages extra={use(pending)}>{children}</WithMessages>
}

/** The page's messages and the part's groups, for what is rendered inside the part. */
function WithMessages({ extra, children }: { extra: Messages; children: ReactNode }) {
  const intl = useIntl()
  const locale = useLocale()
  const messages = useMemo(() => ({ ...(intl.messages as Messages), ...extra }), [intl.messages, extra])
  return (
    <I18nProvider locale={locale} messages={messages}>
      {children}
    </I18nProvider>
  )
}
