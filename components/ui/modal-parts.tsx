import type { ComponentProps } from 'react'
import { ark } from '@ark-ui/react/factory'
import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { cx } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { createStyleContext } from './style-context.tsx'
import { IconButton } from './button.tsx'
import { XIcon } from './icons.tsx'

type ModalSlot = 'backdrop' | 'positioner' | 'content' | 'header' | 'title' | 'description' | 'body' | 'footer' | 'closeTrigger'
type ModalRecipe = { __slot: string; __type: object; variantKeys: readonly PropertyKey[] }

/**
 * The parts of a modal built on Ark Dialog (focus trapped, Escape closes it, focus returns to the trigger), styled by
 * a slot recipe: the dialog and the drawer differ only in their recipe. Mounted only while open.
 */
export function createModalParts<R extends ModalRecipe>(recipe: R) {
  const { withRootProvider, withContext, useClasses } = createStyleContext(recipe)
  // Both recipes define every modal slot (theme/recipes/dialog.ts, drawer.ts).
  const slot = (name: ModalSlot) => name as R['__slot']

  /** The box with its backdrop, portalled to <body>. */
  function Content({ className, ...props }: ComponentProps<typeof ArkDialog.Content>) {
    const classes = useClasses()
    return (
      <Portal>
        <ArkDialog.Backdrop className={classes.backdrop} />
        <ArkDialog.Positioner className={classes.positioner}>
          <ArkDialog.Content {...props} className={cx(classes.content, className)} />
        </ArkDialog.Positioner>
      </Portal>
    )
  }

  /** The × in the corner; labelled "Close" in the active language unless `aria-label` says otherwise. */
  function CloseButton({ className, ...props }: Partial<ComponentProps<typeof IconButton>>) {
    const t = useT()
    const classes = useClasses()
    return (
      <ArkDialog.CloseTrigger asChild className={cx(classes.closeTrigger, className)}>
        <IconButton aria-label={t('common.close')} {...props}>
          <XIcon />
        </IconButton>
      </ArkDialog.CloseTrigger>
    )
  }

  return {
    Root: withRootProvider(ArkDialog.Root, { lazyMount: true, unmountOnExit: true }),
    Trigger: ArkDialog.Trigger,
    Content,
    Header: withContext(ark.div, slot('header')),
    Title: withContext(ArkDialog.Title, slot('title')),
    Description: withContext(ArkDialog.Description, slot('description')),
    Body: withContext(ark.div, slot('body')),
    Footer: withContext(ark.div, slot('footer')),
    CloseTrigger: ArkDialog.CloseTrigger,
    CloseButton,
    Context: ArkDialog.Context,
  }
}
