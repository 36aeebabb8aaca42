// TestLink's XML export (SOURCES.md): a whole project (`<testsuite name="">`, the unnamed root is no folder), one
// suite (the root is a folder) or `<testcases>`. Text is HTML in CDATA; codes are numbers (importance 1-3,
// execution type 1-2, status 1-7), read here as the words they stand for.

import type { StepText } from '../test-management.ts'
import { emptyCase, folderOf, htmlToText, keptSteps, minutesOf, type ImportedCase } from './imported-case.ts'
import { child, childrenNamed, textOf, type XmlElement } from './xml-tree.ts'

const IMPORTANCE = new Map([['1', 'Low'], ['2', 'Medium'], ['3', 'High']])
const EXECUTION = new Map([['1', 'Manual'], ['2', 'Automated']])
// TestLink 1.9 cfg/const.inc.php.
const STATUS = new Map([['1', 'Draft'], ['2', 'Ready for review'], ['3', 'Review in progress'], ['4', 'Rework'], ['5', 'Obsolete'], ['6', 'Future'], ['7', 'Final']])

export function isTestLinkXml(root: XmlElement): boolean {
  return root.name === 'testcases' || (root.name === 'testsuite' && root.attributes.has('name'))
}

const code = (element: XmlElement, name: string) => textOf(element, name).trim()

function stepsOf(element: XmlElement): StepText[] {
  return keptSteps(
    childrenNamed(child(element, 'steps'), 'step').map((step) => ({
      action: htmlToText(textOf(step, 'actions')),
      data: '',
      expected: htmlToText(textOf(step, 'expectedresults')),
    })),
  )
}

function caseOf(element: XmlElement, levels: readonly string[], position: number): ImportedCase {
  const item = emptyCase(position)
  const external = code(element, 'externalid')
  item.rawKey = `testlink:${external || element.attributes.get('internalid') || position}`
  item.title = (element.attributes.get('name') ?? '').replace(/\s+/g, ' ').trim()
  item.folder = folderOf(levels)
  const execution = code(element, 'execution_type') || code(element, 'executiontype')
  const importance = code(element, 'importance')
  const status = code(element, 'status')
  item.values = { priority: IMPORTANCE.get(importance) ?? importance, type: EXECUTION.get(execution) ?? execution, state: STATUS.get(status) ?? status }
  item.description = htmlToText(textOf(element, 'summary'))
  item.preconditions = htmlToText(textOf(element, 'preconditions'))
  item.steps = stepsOf(element)
  item.estimateMinutes = minutesOf(textOf(element, 'estimated_exec_duration'), 'minutes')
  item.tags = childrenNamed(child(element, 'keywords'), 'keyword').map((keyword) => keyword.attributes.get('name') ?? '').filter(Boolean)
  item.references = childrenNamed(child(element, 'requirements'), 'requirement').map((requirement) => textOf(requirement, 'doc_id').trim()).filter(Boolean)
  for (const field of childrenNamed(child(element, 'custom_fields'), 'custom_field')) {
    const name = textOf(field, 'name').trim()
    if (name) item.custom.set(name, htmlToText(textOf(field, 'value')))
  }
  return item
}

/** The cases of a TestLink export, each in its suite path. */
export function* testLinkCases(root: XmlElement): Generator<ImportedCase> {
  let position = 0
  const rootName = root.name === 'testsuite' ? (root.attributes.get('name') ?? '').trim() : ''
  const pending: Array<{ suite: XmlElement; levels: string[] }> = [{ suite: root, levels: rootName ? [rootName] : [] }]
  while (pending.length > 0) {
    const { suite, levels } = pending.pop()!
    for (const element of childrenNamed(suite, 'testcase')) {
      yield caseOf(element, levels, ++position)
    }
    const nested = childrenNamed(suite, 'testsuite')
    for (let index = nested.length - 1; index >= 0; index--) pending.push({ suite: nested[index]!, levels: [...levels, nested[index]!.attributes.get('name') ?? ''] })
  }
}
