import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { html, mergeProps } from './html.tsx'

describe('html elements', () => {
  it('render the element itself, or with asChild the one child with both sets of props', () => {
    expect(renderToStaticMarkup(createElement(html.button, { type: 'button', className: 'a' }, 'Go'))).toBe('<button type="button" class="a">Go</button>')
    const link = createElement('a', { href: '/next', className: 'own' }, 'Next')
    expect(renderToStaticMarkup(createElement(html.button, { className: 'look', 'aria-busy': true, asChild: true }, link))).toBe('<a href="/next" class="look own" aria-busy="true">Next</a>')
  })
})

describe('mergeProps', () => {
  it('runs both handlers, ours first, joins class names, merges styles and lets the child win elsewhere', () => {
    const calls: string[] = []
    const merged = mergeProps(
      { onClick: () => calls.push('ours'), className: 'a', style: { color: 'red', margin: 1 }, title: 'ours', id: 'x' },
      { onClick: () => calls.push('child'), className: 'b', style: { color: 'blue' }, title: 'child', id: undefined },
    )
    ;(merged.onClick as () => void)()
    expect(calls).toEqual(['ours', 'child'])
    expect(merged.className).toBe('a b')
    expect(merged.style).toEqual({ color: 'blue', margin: 1 })
    expect(merged.title).toBe('child')
    // A prop the child leaves undefined keeps ours.
    expect(merged.id).toBe('x')
  })

  it('sets both refs, a function and an object', () => {
    const seen: unknown[] = []
    const object: { current: unknown } = { current: null }
    const merged = mergeProps({ ref: (node: unknown) => seen.push(node) }, { ref: object })
    ;(merged.ref as (node: unknown) => void)('node')
    expect(seen).toEqual(['node'])
    expect(object.current).toBe('node')
  })
})
