import { ark } from '@ark-ui/react/factory'
import { card } from '../../styled-system/recipes'
import { createStyleContext } from './style-context.tsx'

const { withProvider, withContext } = createStyleContext(card)

/**
 * A card: `<Card.Root variant?> <Card.Header> <Card.Title/> <Card.Description/> </Card.Header> <Card.Body/>
 * <Card.Footer/> </Card.Root>`. `variant`: elevated (default) or outlined. `Card.Title` is an h3; use `asChild`
 * to render another heading level, e.g. `<Card.Title asChild><h2>…</h2></Card.Title>`.
 */
export const Card = {
  Root: withProvider(ark.div, 'root'),
  Header: withContext(ark.div, 'header'),
  Title: withContext(ark.h3, 'title'),
  Description: withContext(ark.p, 'description'),
  Body: withContext(ark.div, 'body'),
  Footer: withContext(ark.div, 'footer'),
}
