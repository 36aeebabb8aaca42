import { lazy, Suspense, useRef, useState } from 'react'
import { css } from '../../../styled-system/css'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { loadApiClient, readApiFailure } from '../../../lib/api/load-client.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'

// The confirmation (Ark Dialog, focus trap and all: about 20 KB gzip) loads when it is first opened, not with the page.
const DeleteAccountDialog = lazy(() => import('./DeleteAccountDialog.tsx'))

/** Download everything kept about the user, or delete the account after confirming with the password. */
export function DataSection() {
  const t = useT()
  const [downloadError, setDownloadError] = useState<string | null>(null)
  const [downloading, setDownloading] = useState(false)
  const [deleteOpen, setDeleteOpen] = useState(false)
  const [deleteRequested, setDeleteRequested] = useState(false)
  const deleteButton = useRef<HTMLButtonElement>(null)

  async function download() {
    setDownloading(true)
    setDownloadError(null)
    try {
      const [client, { default: superjson }] = await Promise.all([loadApiClient(), import('superjson')])
      const data = await client.profile.exportData.query()
      const blob = new Blob([JSON.stringify(superjson.serialize(data).json, null, 2)], { type: 'application/json' })
      const link = document.createElement('a')
      link.href = URL.createObjectURL(blob)
      link.download = 'portalscope-my-data.json'
      link.click()
      URL.revokeObjectURL(link.href)
    } catch (error) {
      setDownloadError((await readApiFailure(error, { network: t('auth.networkError'), unexpected: t('auth.unexpectedError') })).message)
    } finally {
      setDownloading(false)
    }
  }

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title asChild>
          <h2>{t('auth.yourData')}</h2>
        </Card.Title>
      </Card.Header>
      <Card.Body className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        {downloadError ? <FormAlert tone="error">{downloadError}</FormAlert> : null}
        <Button variant="outline" loading={downloading} onClick={download}>
          {t('auth.downloadData')}
        </Button>
        <Button
          ref={deleteButton}
          variant="outline"
          tone="error"
          aria-haspopup="dialog"
          aria-expanded={deleteOpen}
          onClick={() => {
            setDeleteRequested(true)
            setDeleteOpen(true)
          }}
        >
          {t('auth.deleteAccount')}
        </Button>
        {deleteRequested ? (
          <Suspense fallback={null}>
            <DeleteAccountDialog open={deleteOpen} onOpenChange={setDeleteOpen} returnFocusTo={() => deleteButton.current} />
          </Suspense>
        ) : null}
      </Card.Body>
    </Card.Root>
  )
}
