import type { ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { I18nProvider } from '../lib/i18n/I18nProvider.tsx'
import { pageMessages } from '../lib/i18n/page-text.ts'

// https://vike.dev/Wrapper — the providers every page shares: only the messages. API calls need no provider: the
// client loads on a screen's first call (lib/api, decision 024).
export default function Wrapper({ children }: { children: ReactNode }) {
  const pageContext = usePageContext()
  return (
    <I18nProvider locale={pageContext.locale} messages={pageMessages(pageContext)}>
      {children}
    </I18nProvider>
  )
}
