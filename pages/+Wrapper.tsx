import type { ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { I18nProvider } from '../lib/i18n/I18nProvider.tsx'
import { pageMessages } from '../lib/i18n/page-text.ts'

// https://vike.dev/Wrapper — providers every page shares. Pages that call the API add ApiProvider in their own
// +Wrapper, so the tRPC client and TanStack Query load only where they are used.
export default function Wrapper({ children }: { children: ReactNode }) {
  const pageContext = usePageContext()
  return (
    <I18nProvider locale={pageContext.locale} messages={pageMessages(pageContext)}>
      {children}
    </I18nProvider>
  )
}
