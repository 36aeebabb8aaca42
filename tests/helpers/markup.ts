import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nProvider } from '../../lib/i18n/I18nProvider.tsx'
import type { Locale } from '../../lib/i18n/locales.ts'

// Server-rendered markup of a component, read as the tags and attributes assistive technology would get (the tests
// run without a DOM).

export type Tag = { name: string; attrs: Map<string, string>; at: number; attr: (name: string) => string | null }

export type Markup = { html: string; tags: Tag[]; text: string }

export function renderMarkup(element: ReactElement, locale: Locale = 'en'): Markup {
  const html = renderToStaticMarkup(createElement(I18nProvider, { locale, messages: {}, children: element }))
  const tags = [...html.matchAll(/<([a-z]+)([^>]*)>/g)].map((match) => {
    const attrs = new Map([...match[2]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((attr) => [attr[1]!, attr[2]!]))
    return { name: match[1]!, attrs, at: match.index, attr: (name: string) => attrs.get(name) ?? null }
  })
  return { html, tags, text: html.replace(/<[^>]*>/g, '') }
}

/** The text directly inside an element (up to its first child tag or its end). */
export function ownText({ html }: Markup, tag: Tag): string {
  return html.slice(html.indexOf('>', tag.at) + 1, html.indexOf('<', tag.at + 1))
}

/** The elements inside one: everything up to its own closing tag at the same depth. */
export function tagsWithin({ html, tags }: Markup, outer: Tag): Tag[] {
  let depth = 0
  let end = html.length
  for (const match of html.slice(outer.at).matchAll(new RegExp(`<(/?)${outer.name}\\b`, 'g'))) {
    depth += match[1] ? -1 : 1
    if (depth === 0) {
      end = outer.at + match.index
      break
    }
  }
  return tags.filter((tag) => tag.at > outer.at && tag.at < end)
}

export function byId({ tags }: Markup, id: string | null): Tag | undefined {
  return id === null ? undefined : tags.find((tag) => tag.attr('id') === id)
}
