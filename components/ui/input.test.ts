import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { byId, ownText, renderMarkup, type Markup } from '../../tests/helpers/markup.ts'
import { SelectField, TextareaField, TextField } from './input.tsx'

// TextField is plain markup wired as Ark's Field wires a field: what a screen reader and the recipes get is in the attributes.

function field(page: Markup) {
  const inputs = page.tags.filter((tag) => tag.name === 'input')
  expect(inputs).toHaveLength(1)
  const input = inputs[0]!
  const label = page.tags.find((tag) => tag.name === 'label')
  return { input, label, describedBy: byId(page, input.attr('aria-describedby')), error: byId(page, input.attr('aria-errormessage')) }
}

describe('TextField', () => {
  it('names its input by its label and describes it by the helper text', () => {
    const page = renderMarkup(createElement(TextField, { name: 'url', label: 'Address', helperText: 'The portal’s address', required: true }))
    const { input, label, describedBy, error } = field(page)
    expect(label?.attr('for')).toBe(input.attr('id'))
    expect(input.attr('id')).toBeTruthy()
    expect(ownText(page, label!)).toBe('Address')
    expect(input.attr('required')).toBe('')
    expect(input.attr('name')).toBe('url')
    expect(ownText(page, describedBy!)).toBe('The portal’s address')
    expect(input.attr('aria-invalid')).toBe(null)
    expect(error).toBe(undefined)
    // The required mark is seen, not read: `required` says it.
    expect(page.tags.find((tag) => tag.attr('aria-hidden') === 'true' && ownText(page, tag) === '*')).toBeTruthy()
    expect(page.text).toBe('Address*The portal’s address')
  })

  it('when invalid, shows the error instead of the helper text and points to it', () => {
    const page = renderMarkup(createElement(TextField, { name: 'url', label: 'Address', helperText: 'The portal’s address', invalid: true, errorText: 'The format is not valid' }))
    const { input, describedBy, error } = field(page)
    expect(input.attr('aria-invalid')).toBe('true')
    expect(input.attr('data-invalid')).toBe('')
    expect(describedBy).toBe(undefined)
    expect(ownText(page, error!)).toBe('The format is not valid')
    expect(error!.attr('aria-live')).toBe('polite')
    expect(page.text).toBe('AddressThe format is not valid')
  })

  it('shows no error text while the field is valid, and keeps an id it is given', () => {
    const page = renderMarkup(createElement(TextField, { id: 'portal-name', label: 'Name', errorText: 'Too long', disabled: true }))
    const { input, label, error } = field(page)
    expect(input.attr('id')).toBe('portal-name')
    expect(label?.attr('for')).toBe('portal-name')
    expect(input.attr('disabled')).toBe('')
    expect(error).toBe(undefined)
    expect(page.text).toBe('Name')
  })
})

describe('TextareaField', () => {
  it('is wired as TextField is, around a text area', () => {
    const valid = renderMarkup(createElement(TextareaField, { label: 'Options', helperText: 'One per line', required: true, rows: 4, value: 'A', onChange: () => {} }))
    const area = valid.tags.find((tag) => tag.name === 'textarea')!
    expect(valid.tags.filter((tag) => tag.name === 'input')).toHaveLength(0)
    expect(valid.tags.find((tag) => tag.name === 'label')?.attr('for')).toBe(area.attr('id'))
    expect(area.attr('rows')).toBe('4')
    expect(area.attr('required')).toBe('')
    expect(ownText(valid, byId(valid, area.attr('aria-describedby'))!)).toBe('One per line')
    expect(area.attr('aria-invalid')).toBe(null)

    const invalid = renderMarkup(createElement(TextareaField, { label: 'Options', helperText: 'One per line', invalid: true, errorText: 'Add at least one option', value: '', onChange: () => {} }))
    const wrong = invalid.tags.find((tag) => tag.name === 'textarea')!
    expect(wrong.attr('aria-invalid')).toBe('true')
    expect(wrong.attr('aria-describedby')).toBe(null)
    expect(ownText(invalid, byId(invalid, wrong.attr('aria-errormessage'))!)).toBe('Add at least one option')
    expect(invalid.text).toBe('OptionsAdd at least one option')
  })
})

describe('SelectField', () => {
  it('names its native select by its label and passes its state on', () => {
    const option = (value: string) => createElement('option', { key: value, value }, value)
    const page = renderMarkup(createElement(SelectField, { label: 'Every', helperText: 'When it runs', disabled: true, value: 'daily', onChange: () => {} }, [option('daily'), option('weekly')]))
    const select = page.tags.find((tag) => tag.name === 'select')!
    expect(page.tags.find((tag) => tag.name === 'label')?.attr('for')).toBe(select.attr('id'))
    expect(select.attr('disabled')).toBe('')
    expect(ownText(page, byId(page, select.attr('aria-describedby'))!)).toBe('When it runs')
    expect(page.tags.filter((tag) => tag.name === 'option')).toHaveLength(2)
  })
})
