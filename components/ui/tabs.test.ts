import { createElement as h } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { tabAfterKey, Tabs } from './tabs.tsx'

function render(props: { value?: string; defaultValue?: string }) {
  const markup = renderToStaticMarkup(
    h(
      Tabs.Root,
      props,
      h(Tabs.List, { 'aria-label': 'Cases' }, h(Tabs.Trigger, { value: 'a b' }, 'First'), h(Tabs.Trigger, { value: 'c' }, 'Second'), h(Tabs.Trigger, { value: 'd', disabled: true }, 'Off')),
      h(Tabs.Content, { value: 'a b' }, 'One'),
      h(Tabs.Content, { value: 'c' }, 'Two'),
    ),
  )
  const element = (pattern: RegExp) => markup.match(pattern)?.[0] ?? ''
  return { markup, tab: (name: string) => element(new RegExp(`<button[^>]*>${name}</button>`)), panel: (text: string) => element(new RegExp(`<div role="tabpanel"[^>]*>${text}</div>`)) }
}

const attribute = (element: string, name: string) => element.match(new RegExp(` ${name}="([^"]*)"`))?.[1] ?? null

describe('tabs', () => {
  it('wire each tab to its panel, with only the selected tab in the Tab order and the other panels hidden', () => {
    const { markup, tab, panel } = render({ defaultValue: 'c' })
    expect(markup).toContain('role="tablist" aria-orientation="horizontal" aria-label="Cases"')
    const first = tab('First')
    const second = tab('Second')
    expect(attribute(second, 'aria-selected')).toBe('true')
    expect(attribute(second, 'tabindex')).toBe('0')
    expect(second).toContain('data-selected=""')
    expect(attribute(first, 'aria-selected')).toBe('false')
    expect(attribute(first, 'tabindex')).toBe('-1')
    expect(first).not.toContain('data-selected')
    // An id from a value with a space is still one token, and each panel is named by its tab.
    expect(attribute(first, 'id')).not.toContain(' ')
    expect(attribute(panel('One'), 'id')).toBe(attribute(first, 'aria-controls'))
    expect(attribute(panel('One'), 'aria-labelledby')).toBe(attribute(first, 'id'))
    expect(panel('One')).toContain('hidden=""')
    expect(panel('Two')).not.toContain('hidden')
    expect(tab('Off')).toContain('disabled=""')
    expect(tab('Off')).toContain('data-disabled=""')
  })

  it('show the value the caller keeps over their own', () => {
    const { tab } = render({ value: 'a b', defaultValue: 'c' })
    expect(attribute(tab('First'), 'aria-selected')).toBe('true')
    expect(attribute(tab('Second'), 'aria-selected')).toBe('false')
  })

  it('move with the arrow keys round the ends, and to the first and last with Home and End', () => {
    expect(tabAfterKey(3, 0, 'ArrowRight')).toBe(1)
    expect(tabAfterKey(3, 2, 'ArrowRight')).toBe(0)
    expect(tabAfterKey(3, 0, 'ArrowLeft')).toBe(2)
    expect(tabAfterKey(3, 1, 'Home')).toBe(0)
    expect(tabAfterKey(3, 1, 'End')).toBe(2)
    expect(tabAfterKey(3, 1, 'Enter')).toBeNull()
    expect(tabAfterKey(3, -1, 'ArrowRight')).toBeNull()
    expect(tabAfterKey(0, 0, 'Home')).toBeNull()
  })
})
