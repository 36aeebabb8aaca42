// TestRail's "Export to XML" (tests/fixtures/case-imports/SOURCES.md): `<suite>` with nested `<sections>`, each
// `<case>` with its template's fields under `<custom>`. Sections become folders, the case ID (`C123`) the reference.

import { splitNumbered } from '../test-case-csv.ts'
import { parseEstimate, type StepText } from '../test-management.ts'
import { dedent, emptyCase, folderOf, keptSteps, minutesOf, type ImportedCase } from './imported-case.ts'
import { child, childrenNamed, textOf, type XmlElement } from './xml-tree.ts'

/** `<custom>` children that are fields of ours; the rest are the site's own fields. */
const OWN_CUSTOM = new Set(['preconds', 'steps', 'expected', 'steps_separated', 'mission', 'goals'])

/** A root that is TestRail's export. */
export function isTestRailXml(root: XmlElement): boolean {
  return root.name === 'suite' && child(root, 'sections') !== undefined
}

/** The value of a custom field: a dropdown's `<value>` (padded with spaces by TestRail), else the text. */
function customValue(field: XmlElement): string {
  const value = child(field, 'value')
  return dedent(value ? value.text : field.text)
}

function stepsOf(custom: XmlElement | undefined): StepText[] {
  const separated = child(custom, 'steps_separated')
  if (separated) {
    return keptSteps(
      childrenNamed(separated, 'step').map((step) => ({
        action: dedent(textOf(step, 'content')),
        data: dedent(textOf(step, 'additional_info')),
        expected: dedent(textOf(step, 'expected')),
      })),
    )
  }
  // The Text template: one free text of steps and one of expected results, paired item by item when numbered.
  const actions = splitNumbered(dedent(textOf(custom, 'steps')))
  const expected = splitNumbered(dedent(textOf(custom, 'expected')))
  const count = Math.max(actions.length, expected.length)
  return keptSteps(Array.from({ length: count }, (_, index) => ({ action: actions[index] ?? '', data: '', expected: expected[index] ?? '' })))
}

function caseOf(element: XmlElement, levels: readonly string[], position: number): ImportedCase {
  const item = emptyCase(position)
  const custom = child(element, 'custom')
  item.rawKey = textOf(element, 'id').trim()
  item.title = textOf(element, 'title').replace(/\s+/g, ' ').trim()
  item.folder = folderOf(levels)
  item.values = { priority: textOf(element, 'priority').trim(), type: textOf(element, 'type').trim(), state: '' }
  item.preconditions = dedent(textOf(custom, 'preconds'))
  const mission = dedent(textOf(custom, 'mission'))
  const goals = dedent(textOf(custom, 'goals'))
  item.description = [mission, goals].filter(Boolean).join('\n\n')
  item.steps = stepsOf(custom)
  item.references = textOf(element, 'references').split(',').map((reference) => reference.trim()).filter(Boolean)
  // TestRail keeps an estimate in seconds; one written as a time span (`1h 30m`) is read as such.
  const estimate = textOf(element, 'estimate').trim()
  item.estimateMinutes = /^\d+$/.test(estimate) ? minutesOf(estimate, 'seconds') : (parseEstimate(estimate) ?? null)
  const assigned = textOf(element, 'assignedto').trim()
  if (assigned) item.custom.set('assignedto', assigned)
  if (template(element)) item.custom.set('template', template(element))
  for (const field of custom?.children ?? []) if (!OWN_CUSTOM.has(field.name)) item.custom.set(field.name, customValue(field))
  return item
}

const template = (element: XmlElement) => textOf(element, 'template').trim()

/** The cases of a TestRail XML export in the order of the file, each in its section path. */
export function* testRailCases(root: XmlElement): Generator<ImportedCase> {
  let position = 0
  // Sections nest: walk them with an explicit stack (bounded by the tree, itself bounded in elements).
  const pending: Array<{ section: XmlElement; levels: string[] }> = childrenNamed(child(root, 'sections'), 'section').map((section) => ({ section, levels: [] }))
  pending.reverse()
  while (pending.length > 0) {
    const { section, levels } = pending.pop()!
    const path = [...levels, textOf(section, 'name')]
    for (const element of childrenNamed(child(section, 'cases'), 'case')) {
      yield caseOf(element, path, ++position)
    }
    const nested = childrenNamed(child(section, 'sections'), 'section')
    for (let index = nested.length - 1; index >= 0; index--) pending.push({ section: nested[index]!, levels: path })
  }
}
