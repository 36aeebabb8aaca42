import { lazy, memo, Suspense, use, useMemo, type ComponentType, type ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { loadMessageGroups, pickGroups, type MessageGroup, type Messages } from './catalog.ts'
import { I18nProvider, useIntl, useLocale } from './I18nProvider.tsx'

const onServer = typeof window === 'undefined'

/**
 * A part of a page that the browser loads when it is first rendered (its code and its own catalogue groups), not
 * with the page: the page's route lists fewer groups (decision 021; lib/i18n/page-groups.test.ts reads `groups`
 * here for the part's code). The server has every group and loads the part's code once when it starts, so it
 * renders the part in place, in the first HTML (a form in it works without JavaScript); the browser keeps that HTML
 * until the part has loaded and then hydrates it. Its props should keep their identity across renders (the part is
 * memoised): a part updated before it has hydrated is rendered again from scratch, and is empty while it loads.
 */
export function lazyWithGroups<P extends object>(groups: readonly MessageGroup[], load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null
  if (onServer) void load().then((module) => (loaded = module.default))
  const Lazy = lazy(load) as unknown as ComponentType<P>

  function Part(props: P) {
    const pageContext = usePageContext()
    const ServerPart = onServer ? loaded : null
    return (
      <Suspense fallback={null}>
        {ServerPart ? (
          <WithMessages extra={pickGroups(pageContext.messages ?? {}, groups)}>
            <ServerPart {...props} />
          </WithMessages>
        ) : (
          <WithGroups groups={groups}>
            <Lazy {...props} />
          </WithGroups>
        )}
      </Suspense>
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
