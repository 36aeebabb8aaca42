import { dialog } from '../../styled-system/recipes'
import { createModalParts } from './modal-parts.tsx'

/**
 * A modal dialog; outside click closes it too.
 * `<Dialog.Root size?> <Dialog.Trigger asChild><Button/></Dialog.Trigger> <Dialog.Content> <Dialog.Header>
 * <Dialog.Title/> <Dialog.Description/> </Dialog.Header> <Dialog.Body/> <Dialog.Footer/> <Dialog.CloseButton/>
 * </Dialog.Content> </Dialog.Root>`. `size`: sm, md (default), lg.
 */
export const Dialog = createModalParts(dialog)
