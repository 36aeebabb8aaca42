import { drawer } from '../../styled-system/recipes'
import { createModalParts } from './modal-parts.tsx'

/**
 * A side sheet that slides in from an edge.
 * `<Drawer.Root placement="left" | "right"> <Drawer.Trigger asChild/> <Drawer.Content> <Drawer.Header>
 * <Drawer.Title/> <Drawer.Description/> </Drawer.Header> <Drawer.Body/> <Drawer.Footer/> <Drawer.CloseButton/>
 * </Drawer.Content> </Drawer.Root>`. Placement defaults to right.
 */
export const Drawer = createModalParts(drawer)
