// Zephyr Scale's XML export, Cloud and Server (SOURCES.md): `<project>` with `<testCases>`; a test script is steps
// (0-based), plain text or BDD. Rich text is HTML. A plain or BDD script becomes one step, so nothing of it is lost.

import type { StepText } from '../test-management.ts'
import { emptyCase, folderFromPath, htmlToText, keptSteps, type ImportedCase } from './imported-case.ts'
import { child, childrenNamed, textOf, type XmlElement } from './xml-tree.ts'


export function isZephyrXml(root: XmlElement): boolean {
  return root.name === 'project' && child(root, 'testCases') !== undefined
}

function stepsOf(script: XmlElement | undefined): StepText[] {
  if (!script) return []
  if (script.attributes.get('type') === 'steps') {
    const steps = childrenNamed(child(script, 'steps'), 'step').toSorted((a, b) => Number(a.attributes.get('index') ?? 0) - Number(b.attributes.get('index') ?? 0))
    return keptSteps(steps.map((step) => ({ action: htmlToText(textOf(step, 'description')), data: htmlToText(textOf(step, 'testData')), expected: htmlToText(textOf(step, 'expectedResult')) })))
  }
  const details = htmlToText(textOf(script, 'details'))
  return details ? [{ action: details, data: '', expected: '' }] : []
}

function caseOf(element: XmlElement, position: number): ImportedCase {
  const item = emptyCase(position)
  item.rawKey = (element.attributes.get('key') ?? '').trim()
  item.title = htmlToText(textOf(element, 'name')).replace(/\s+/g, ' ')
  item.folder = folderFromPath(textOf(element, 'folder'))
  item.values = { priority: textOf(element, 'priority').trim(), type: '', state: textOf(element, 'status').trim() }
  item.description = htmlToText(textOf(element, 'objective'))
  item.preconditions = htmlToText(textOf(element, 'precondition'))
  item.steps = stepsOf(child(element, 'testScript'))
  item.tags = childrenNamed(child(element, 'labels'), 'label').map((label) => label.text.trim()).filter(Boolean)
  item.references = childrenNamed(child(element, 'issues'), 'issue').map((issue) => textOf(issue, 'key').trim()).filter(Boolean)
  const component = textOf(element, 'component').trim()
  if (component) item.custom.set('component', component)
  const owner = textOf(element, 'owner').trim()
  if (owner) item.custom.set('owner', owner)
  for (const field of childrenNamed(child(element, 'customFields'), 'customField')) {
    const name = (field.attributes.get('name') ?? textOf(field, 'name')).trim()
    if (name) item.custom.set(name, htmlToText(textOf(field, 'value') || field.text))
  }
  return item
}

/** The cases of a Zephyr Scale export in the order of the file. */
export function* zephyrCases(root: XmlElement): Generator<ImportedCase> {
  let position = 0
  for (const element of childrenNamed(child(root, 'testCases'), 'testCase')) {
    yield caseOf(element, ++position)
  }
}
