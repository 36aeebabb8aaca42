import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react'
import { attachmentHref, type AttachmentTarget, type AttachmentView } from '../lib/domain/attachments.ts'
import { useApiAction } from '../lib/api/use-api-action.ts'
import { useApiQuery } from '../lib/api/use-api-query.ts'
import { uploadAttachment } from '../lib/api/upload-attachment.ts'
import { useLocale, useT } from '../lib/i18n/I18nProvider.tsx'
import { css, cx } from '../styled-system/css'
import { button } from '../styled-system/recipes'
import { Button } from './ui/button.tsx'

const plainList = css({ listStyle: 'none', p: '0', m: '0' })
const muted = css({ color: 'text.muted' })

/** A file's size in the person's language: kB below a megabyte, MB with one decimal above. */
function useSize() {
  const t = useT()
  const locale = useLocale()
  return (bytes: number) =>
    bytes < 1024 * 1024
      ? t('attachments.sizeKb', { n: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024))) })
      : t('attachments.sizeMb', { n: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024) })
}

export type AttachmentsPanelProps = {
  target: AttachmentTarget
  /** The list as the page's data gave it (server-rendered); asked for after the first paint when left out. */
  seed?: AttachmentView[] | undefined
  canWrite: boolean
  heading: string
  headingLevel?: 2 | 3 | 4
  /** The ceiling of one file, shown beside the button. */
  maxMegabytes: number
  testId?: string
}

/**
 * The files on a case, a step, a result or a run (docs/decisions/025-attachments.md): images as thumbnails that open
 * large, other files as downloads. Whoever may change the item adds files with a button whose label is ours (the file
 * input itself is hidden but keeps the focus, so Enter or Space opens the picker), by pasting a screenshot while it
 * has the focus, or by dropping files on the panel; each upload says how it went.
 */
export function AttachmentsPanel({ target, seed, canWrite, heading, headingLevel = 3, maxMegabytes, testId = 'attachments' }: AttachmentsPanelProps) {
  const t = useT()
  const size = useSize()
  const id = useId()
  const Heading = `h${headingLevel}` as const
  const list = useApiQuery({ target }, (client, input, signal): Promise<AttachmentView[]> => client.attachments.list.query(input, { signal }), { seed, freshMs: Number.POSITIVE_INFINITY, retries: 1 })
  const remove = useApiAction((client, attachment: AttachmentView) => client.attachments.remove.mutate({ id: attachment.id }))
  const [uploading, setUploading] = useState<string | null>(null)
  const [notes, setNotes] = useState<Array<{ key: number; text: string; failed: boolean }>>([])
  const [dragging, setDragging] = useState(false)
  const noteKey = useRef(0)
  const items = list.shown ?? []

  async function send(files: File[]) {
    if (files.length === 0 || uploading) return
    const results: Array<{ key: number; text: string; failed: boolean }> = []
    for (const file of files) {
      const name = file.name || 'file'
      setUploading(name)
      const outcome = await uploadAttachment(target, file)
      noteKey.current += 1
      results.push(
        outcome.ok
          ? { key: noteKey.current, text: t('attachments.uploaded', { name: outcome.attachment.filename }), failed: false }
          : { key: noteKey.current, text: t('attachments.failed', { name, reason: outcome.message ?? t('attachments.networkFailed') }), failed: true },
      )
    }
    setNotes(results)
    await list.refresh()
    setUploading(null)
  }

  async function removeOne(attachment: AttachmentView) {
    const outcome = await remove.run(attachment, { refresh: () => list.refresh() })
    noteKey.current += 1
    setNotes(outcome.ok ? [{ key: noteKey.current, text: t('attachments.removed', { name: attachment.filename }), failed: false }] : [])
  }

  const onPaste = (event: ClipboardEvent) => {
    const files = Array.from(event.clipboardData.files)
    if (files.length === 0) return
    event.preventDefault()
    void send(files)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    void send(Array.from(event.dataTransfer.files))
  }

  return (
    <section aria-labelledby={`${id}-heading`} data-testid={testId} className={css({ display: 'grid', gap: '2', minW: '0' })}>
      <Heading id={`${id}-heading`} className={css({ fontSize: 'md', fontWeight: '600' })}>
        {heading}
      </Heading>
      {list.fetching && !list.shown ? (
        <p className={muted}>{t('common.loading')}</p>
      ) : items.length === 0 ? (
        <p className={muted}>{t('attachments.empty')}</p>
      ) : (
        <ul className={cx(plainList, css({ display: 'flex', flexWrap: 'wrap', gap: '3' }))} data-testid={`${testId}-list`}>
          {items.map((item) => (
            <li key={item.id} data-testid="attachment" className={css({ display: 'grid', gap: '1', maxW: '12rem', minW: '0', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2', p: '2' })}>
              {item.kind === 'image' ? (
                <a href={attachmentHref(item.id)} target="_blank" rel="noopener" aria-label={t('attachments.openLarge', { name: item.filename })}>
                  <img src={attachmentHref(item.id)} alt={item.filename} loading="lazy" className={css({ display: 'block', maxW: '100%', maxH: '8rem', objectFit: 'contain', bg: 'surface.raised', borderRadius: 'l1' })} />
                </a>
              ) : null}
              {item.kind === 'image' ? (
                <span className={css({ fontSize: 'sm', overflowWrap: 'anywhere' })}>{item.filename}</span>
              ) : (
                <a href={attachmentHref(item.id)} download={item.filename} aria-label={t('attachments.download', { name: item.filename })} className={css({ fontSize: 'sm', overflowWrap: 'anywhere' })}>
                  {item.filename}
                </a>
              )}
              <span className={cx(muted, css({ fontSize: 'xs' }))}>{size(item.size)}</span>
              {canWrite ? (
                <Button size="sm" variant="ghost" tone="error" aria-label={t('attachments.removeNamed', { name: item.filename })} loading={remove.pending && remove.input?.id === item.id} onClick={() => void removeOne(item)}>
                  {t('attachments.remove')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canWrite ? (
        <div
          onPaste={onPaste}
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid={`${testId}-drop`}
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: '2',
            p: '3',
            borderWidth: '2px',
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary' : 'border',
            borderRadius: 'l2',
            '&:has(input:focus-visible) label': { outline: '2px solid', outlineColor: 'focus', outlineOffset: '2px' },
          })}
        >
          <input
            id={`${id}-file`}
            type="file"
            multiple
            disabled={uploading !== null}
            aria-describedby={`${id}-hint`}
            className={css({ srOnly: true })}
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? [])
              event.currentTarget.value = ''
              void send(files)
            }}
          />
          <label htmlFor={`${id}-file`} className={cx(button({ variant: 'outline', size: 'sm' }), css({ cursor: 'pointer' }))}>
            {t('attachments.add')}
          </label>
          <span id={`${id}-hint`} className={css({ fontSize: 'sm' })}>
            {t('attachments.dropHint')} <span className={muted}>({t('attachments.limits', { megabytes: maxMegabytes })})</span>
          </span>
        </div>
      ) : null}
      <div role="status" aria-live="polite" data-testid={`${testId}-status`} className={css({ fontSize: 'sm', display: 'grid', gap: '1' })}>
        {uploading ? <p>{t('attachments.uploading', { name: uploading })}</p> : null}
        {notes.map((note) => (
          <p key={note.key} className={note.failed ? css({ color: 'error.text' }) : undefined}>
            {note.text}
          </p>
        ))}
        {remove.failure ? <p className={css({ color: 'error.text' })}>{remove.failure.message}</p> : null}
      </div>
    </section>
  )
}

export default AttachmentsPanel
