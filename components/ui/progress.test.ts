import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { byId, ownText, renderMarkup as render, tagsWithin, type Markup } from '../../tests/helpers/markup.ts'
import { CircularProgress, LinearProgress } from './progress.tsx'

// The progress bars are plain markup: what assistive technology reads is in their attributes.

/** The one element with role=progressbar, the text of what names it, and the elements inside it. */
function progressbar(page: Markup) {
  const bars = page.tags.filter((tag) => tag.attr('role') === 'progressbar')
  expect(bars).toHaveLength(1)
  const bar = bars[0]!
  const label = byId(page, bar.attr('aria-labelledby'))
  return { name: label ? ownText(page, label) : bar.attr('aria-label'), attr: bar.attr, inside: tagsWithin(page, bar) }
}

describe('progress bars', () => {
  it('a determinate bar says its value, range and percentage, named by its visible label', () => {
    const page = render(createElement(LinearProgress, { label: 'Harvest', value: 64, showValue: true }))
    const { name, attr, inside } = progressbar(page)
    expect(name).toBe('Harvest')
    expect(attr('aria-label')).toBe(null)
    expect([attr('aria-valuemin'), attr('aria-valuemax'), attr('aria-valuenow'), attr('aria-valuetext')]).toEqual(['0', '100', '64', '64%'])
    expect(attr('data-state')).toBe('loading')
    expect(inside.find((tag) => tag.attr('data-state') === 'loading')?.attr('style')).toBe('width:64%')
    expect(page.text).toBe('Harvest64%')
  })

  it('an indeterminate bar has no current value and a sliding segment, and shows no percentage', () => {
    const page = render(createElement(LinearProgress, { label: 'Links', value: null, showValue: true }))
    const { attr, inside } = progressbar(page)
    expect(attr('aria-valuenow')).toBe(null)
    expect(attr('aria-valuetext')).toBe(null)
    expect(attr('data-state')).toBe('indeterminate')
    expect(inside.find((tag) => tag.name === 'svg')?.attr('aria-hidden')).toBe('true')
    expect(inside.some((tag) => tag.name === 'animate')).toBe(true)
    expect(page.text).toBe('Links')
  })

  it('a hidden label still names the bar; a given value text replaces the percentage', () => {
    const page = render(createElement(LinearProgress, { label: 'Harvest of Brno', hideLabel: true, value: 250, max: 1000, valueText: '250 of 1,000 datasets' }))
    const { name, attr } = progressbar(page)
    expect(name).toBe('Harvest of Brno')
    expect(attr('aria-labelledby')).toBe(null)
    expect([attr('aria-valuemax'), attr('aria-valuenow'), attr('aria-valuetext')]).toEqual(['1000', '250', '250 of 1,000 datasets'])
    expect(page.text).toBe('')
  })

  it('a full bar is complete, and the percentage is written the language’s way', () => {
    const { attr } = progressbar(render(createElement(LinearProgress, { label: 'Hotovo', value: 100 }), 'cs'))
    expect(attr('data-state')).toBe('complete')
    expect(attr('aria-valuetext')).toBe('100\u00a0%')
  })

  it('a circular indicator is the same progress bar, its label hidden unless asked for', () => {
    const spinning = progressbar(render(createElement(CircularProgress, { label: 'Links', value: null })))
    expect(spinning.name).toBe('Links')
    expect(spinning.attr('aria-valuenow')).toBe(null)
    expect(spinning.inside.filter((tag) => tag.attr('data-state') === 'indeterminate')).toHaveLength(1)

    const shown = progressbar(render(createElement(CircularProgress, { label: 'Upload', value: 30, hideLabel: false })))
    expect(shown.name).toBe('Upload')
    expect(shown.attr('aria-valuenow')).toBe('30')
    expect(shown.inside.filter((tag) => tag.name === 'circle')[1]?.attr('style')).toBe('--percent:30')
  })
})
