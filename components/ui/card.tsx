import { html } from './html.tsx'
import { card } from '../../styled-system/recipes'
import { createStyleContext } from './style-context.tsx'

const { withProvider, withContext } = createStyleContext(card)

/**
 * A card: `<Card.Root variant?> <Card.Header> <Card.Title/> <Card.Description/> </Card.Header> <Card.Body/>
 * <Card.Footer/> </Card.Root>`. `variant`: elevated (default) or outlined. `Card.Title` is an h3; use `asChild`
 * to render another heading level, e.g. `<Card.Title asChild><h2>…</h2></Card.Title>`.
 */
export const Card = {
  Root: withProvider(html.div, 'root'),
  Header: withContext(html.div, 'header'),
  Title: withContext(html.h3, 'title'),
  Description: withContext(html.p, 'description'),
  Body: withContext(html.div, 'body'),
  Footer: withContext(html.div, 'footer'),
}
