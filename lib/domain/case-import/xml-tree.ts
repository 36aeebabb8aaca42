// An XML export as a small tree of elements, built with the streaming reader (xml-stream.ts: no DOCTYPE, no entity
// expansion, bounded names and depth) and bounded in elements, so a hostile file cannot make it grow without end.

import { XmlStreamParser, type XmlHandler } from '../xml-stream.ts'

export type XmlElement = { name: string; attributes: ReadonlyMap<string, string>; children: XmlElement[]; text: string }

/** The most elements one imported XML file may have (the 381 TestRail cases of the fixtures take about 9,000). */
export const XML_IMPORT_MAX_ELEMENTS = 2_000_000

export class XmlTooLarge extends Error {
  constructor() {
    super(`more than ${XML_IMPORT_MAX_ELEMENTS} elements`)
    this.name = 'XmlTooLarge'
  }
}

/** The whole tree of an XML text; throws XmlStreamError for text that is not well-formed XML, XmlTooLarge past the bound. */
export function xmlTree(text: string): XmlElement {
  const stack: XmlElement[] = []
  let root: XmlElement | null = null
  let count = 0
  const handler: XmlHandler = {
    open(name, attributes, selfClosing) {
      if (++count > XML_IMPORT_MAX_ELEMENTS) throw new XmlTooLarge()
      const element: XmlElement = { name, attributes: new Map(Object.entries(attributes)), children: [], text: '' }
      const parent = stack.at(-1)
      if (parent) parent.children.push(element)
      else root = element
      if (!selfClosing) stack.push(element)
    },
    close() {
      stack.pop()
    },
    text(piece) {
      const current = stack.at(-1)
      if (current) current.text += piece
    },
  }
  const parser = new XmlStreamParser(handler)
  parser.write(text)
  parser.end()
  return root!
}

/** The first child element of that name. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((item) => item.name === name)
}

/** Every child element of that name. */
export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((item) => item.name === name) : []
}

/** The text of the first child of that name ('' when there is none). */
export function textOf(element: XmlElement | undefined, name: string): string {
  return child(element, name)?.text ?? ''
}
