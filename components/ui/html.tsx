import { Children, cloneElement, createElement, isValidElement, type ComponentProps, type JSX, type Ref } from 'react'

// The plain elements our own components render, with Ark's `asChild` (render the one child instead, with these
// props merged into its own): a link that looks like a button, a dialog trigger that is our Button. Ark's factory did
// this for about 1 KB gzip on every page (it brings Ark's and zag's shared code); this is the same rule in our code
// (decision 021). Ark's own components (select, menu, combobox, date picker, field) keep Ark's factory.

type Tag = keyof JSX.IntrinsicElements
type AnyProps = Record<string, unknown>

export type HtmlProps<T extends Tag> = ComponentProps<T> & { asChild?: boolean }

function composeRefs(...refs: Array<Ref<unknown> | undefined>) {
  return (node: unknown) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node)
      else if (ref) (ref as { current: unknown }).current = node
    }
  }
}

/**
 * The child's props over ours, as Ark merges them: both event handlers run (ours first), class names are joined,
 * styles merged, refs both set; any other prop the child sets wins, and an `undefined` one does not count.
 */
export function mergeProps(own: AnyProps, child: AnyProps): AnyProps {
  const merged: AnyProps = { ...own }
  for (const [key, value] of Object.entries(child)) {
    if (value === undefined) continue
    const ours = own[key]
    if (ours === undefined) merged[key] = value
    else if (/^on[A-Z]/.test(key) && typeof ours === 'function' && typeof value === 'function') {
      merged[key] = (...args: unknown[]) => {
        ;(ours as (...args: unknown[]) => unknown)(...args)
        ;(value as (...args: unknown[]) => unknown)(...args)
      }
    } else if (key === 'className' && typeof ours === 'string' && typeof value === 'string') merged[key] = `${ours} ${value}`
    else if (key === 'style' && typeof ours === 'object' && typeof value === 'object') merged[key] = { ...ours, ...value }
    else if (key === 'ref') merged[key] = composeRefs(ours as Ref<unknown>, value as Ref<unknown>)
    else merged[key] = value
  }
  return merged
}

function element<T extends Tag>(tag: T) {
  function Html({ asChild, children, ...props }: HtmlProps<T>) {
    if (!asChild) return createElement(tag, props, children)
    const only = Children.only(children)
    return isValidElement<AnyProps>(only) ? cloneElement(only, mergeProps(props as AnyProps, only.props)) : null
  }
  Html.displayName = tag
  return Html
}

export const html = {
  button: element('button'),
  caption: element('caption'),
  div: element('div'),
  h2: element('h2'),
  h3: element('h3'),
  p: element('p'),
  span: element('span'),
  table: element('table'),
  tbody: element('tbody'),
  td: element('td'),
  tfoot: element('tfoot'),
  th: element('th'),
  thead: element('thead'),
  tr: element('tr'),
}
