import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { lazyPanel } from '../../components/lazy-panel.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import type { CaseSearchProps } from './CaseSearch.tsx'

// The search itself (its filters, its calls, its list) loads when the dialog first opens (decision 021).
const SearchBody = lazyPanel(() => import('./CaseSearch.tsx').then((module) => module.CaseSearch))

/** Finds the project's cases by words and filters, and adds the ones picked to a section of the suite. */
export function CaseSearchDialog(props: CaseSearchProps & { disabled?: boolean }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  return (
    <Dialog.Root size="lg" open={open} onOpenChange={(details) => setOpen(details.open)}>
      <Dialog.Trigger asChild>
        <Button disabled={props.disabled} data-add-cases="">
          {t('suites.addCases')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content data-testid="case-search">
        <Dialog.Header>
          <Dialog.Title>{t('suites.addCasesTitle')}</Dialog.Title>
          <Dialog.Description>{t('suites.addCasesText')}</Dialog.Description>
        </Dialog.Header>
        {open ? (
          <SearchBody
            {...props}
            onAdd={(cases, sectionKey) => {
              props.onAdd(cases, sectionKey)
              setOpen(false)
            }}
          />
        ) : null}
        <Dialog.CloseButton />
      </Dialog.Content>
    </Dialog.Root>
  )
}

