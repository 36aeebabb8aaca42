import type { ComponentProps } from 'react'
import { ark } from '@ark-ui/react/factory'
import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { dialog } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import { useT } from '../../features/i18n/I18nProvider.tsx'
import { createStyleContext } from './style-context.tsx'
import { IconButton } from './button.tsx'
import { XIcon } from './icons.tsx'

const { withRootProvider, withContext, useClasses } = createStyleContext(dialog)

/** The dialog box with its backdrop, portalled to <body>. */
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

/**
 * A modal dialog (Ark Dialog; focus trapped, Escape and outside click close it, focus returns to the trigger).
 * `<Dialog.Root size?> <Dialog.Trigger asChild><Button/></Dialog.Trigger> <Dialog.Content> <Dialog.Header>
 * <Dialog.Title/> <Dialog.Description/> </Dialog.Header> <Dialog.Body/> <Dialog.Footer/> <Dialog.CloseButton/>
 * </Dialog.Content> </Dialog.Root>`. `size`: sm, md (default), lg. Mounted only while open.
 */
export const Dialog = {
  Root: withRootProvider(ArkDialog.Root, { lazyMount: true, unmountOnExit: true }),
  Trigger: ArkDialog.Trigger,
  Content,
  Header: withContext(ark.div, 'header'),
  Title: withContext(ArkDialog.Title, 'title'),
  Description: withContext(ArkDialog.Description, 'description'),
  Body: withContext(ark.div, 'body'),
  Footer: withContext(ark.div, 'footer'),
  CloseTrigger: ArkDialog.CloseTrigger,
  CloseButton,
  Context: ArkDialog.Context,
}
