// JSON of other tools, parsed with zod where it enters (SOURCES.md): Kiwi TCMS's `TestCase.filter` result (a list of
// flat objects, alone or in the JSON-RPC envelope) and Qase's repository export (suites nesting suites and cases).

import { madeBy } from '../../made-by.ts'
import { z } from '../../zod.ts'
import { emptyCase, folderOf, htmlToText, keptSteps, minutesOf, type CsvNote, type ImportedCase } from './imported-case.ts'

const text = z.string().nullish().transform((value) => value ?? '')
const id = z.union([z.number(), z.string()]).nullish().transform((value) => (value === null || value === undefined ? '' : String(value)))
/** A duration as Kiwi TCMS writes it: seconds, or `H:MM:SS` in some answers. */
const seconds = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => {
    if (typeof value === 'number') return value
    const match = value ? /^(\d+):(\d{2}):(\d{2})/.exec(value) : null
    return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : null
  })

const KiwiCaseSchema = z.object({
  id,
  summary: z.string(),
  text,
  notes: text,
  is_automated: z.boolean().nullish(),
  case_status__name: text,
  category__name: text,
  priority__value: text,
  requirement: text,
  extra_link: text,
  script: text,
  arguments: text,
  default_tester__username: text,
  setup_duration: seconds,
  testing_duration: seconds,
})
type KiwiCase = z.infer<typeof KiwiCaseSchema>

const KiwiFileSchema = z.union([z.array(KiwiCaseSchema), z.object({ result: z.array(KiwiCaseSchema) }), KiwiCaseSchema])

const QaseStepSchema = z.object({ position: z.number().nullish(), action: text, expected_result: text, data: text })
type QaseCase = z.infer<typeof QaseCaseSchema>
const QaseCaseSchema = z.object({
  id,
  title: text,
  description: text,
  preconditions: text,
  postconditions: text,
  priority: text,
  type: text,
  automation: text,
  status: text,
  severity: text,
  tags: z.array(z.union([z.string(), z.object({ title: text })])).nullish(),
  steps: z.array(QaseStepSchema).max(1000).nullish(),
})
type QaseSuite = { title: string; cases?: QaseCase[] | null; suites?: QaseSuite[] | null }
const QaseSuiteSchema: z.ZodType<QaseSuite> = z.lazy(() => z.object({ title: z.string(), cases: z.array(QaseCaseSchema).nullish(), suites: z.array(QaseSuiteSchema).nullish() }))
const QaseFileSchema = z.union([z.object({ suites: z.array(QaseSuiteSchema), cases: z.array(QaseCaseSchema).nullish() }), z.array(QaseSuiteSchema)])

export type JsonRead = { format: 'kiwi-json' | 'qase-json'; cases: () => Generator<ImportedCase> } | { format: null; error: CsvNote }

function kiwiCase(source: KiwiCase, position: number): ImportedCase {
  const item = emptyCase(position)
  item.rawKey = source.id ? `kiwi:${source.id}` : ''
  item.title = source.summary.replace(/\s+/g, ' ').trim()
  item.values = { priority: source.priority__value, type: source.is_automated ? 'Automated' : 'Manual', state: source.case_status__name }
  // The body is Markdown with steps and expected results as free text: kept whole as the description.
  item.description = source.text.trim()
  item.folder = folderOf(source.category__name && source.category__name !== '--default--' ? [source.category__name] : [])
  item.references = [source.requirement, source.extra_link].map((value) => value.trim()).filter(Boolean)
  const total = (source.setup_duration ?? 0) + (source.testing_duration ?? 0)
  item.estimateMinutes = minutesOf(total, 'seconds')
  for (const [name, value] of [['notes', source.notes], ['script', source.script], ['arguments', source.arguments], ['default tester', source.default_tester__username]] as const) {
    if (value.trim()) item.custom.set(name, value.trim())
  }
  return item
}

function qaseCase(source: QaseCase, levels: readonly string[], position: number): ImportedCase {
  const item = emptyCase(position)
  item.rawKey = source.id ? `qase:${source.id}` : ''
  item.title = source.title.replace(/\s+/g, ' ').trim()
  item.folder = folderOf(levels)
  item.values = { priority: source.priority, type: source.automation, state: source.status }
  item.description = htmlToText(source.description)
  item.preconditions = htmlToText(source.preconditions)
  item.tags = (source.tags ?? []).map((tag) => (typeof tag === 'string' ? tag : tag.title)).filter(Boolean)
  const steps = (source.steps ?? []).toSorted((a, b) => (a.position ?? 0) - (b.position ?? 0))
  item.steps = keptSteps(steps.map((step) => ({ action: htmlToText(step.action), data: htmlToText(step.data), expected: htmlToText(step.expected_result) })))
  for (const [name, value] of [['postconditions', source.postconditions], ['type', source.type], ['severity', source.severity]] as const) if (value.trim()) item.custom.set(name, value.trim())
  return item
}

function* qaseCases(suites: QaseSuite[], rootCases: QaseCase[]): Generator<ImportedCase> {
  let position = 0
  for (const source of rootCases) {
    yield qaseCase(source, [], ++position)
  }
  const pending = suites.map((suite) => ({ suite, levels: [suite.title] })).reverse()
  while (pending.length > 0) {
    const { suite, levels } = pending.pop()!
    for (const source of suite.cases ?? []) {
      yield qaseCase(source, levels, ++position)
    }
    const nested = suite.suites ?? []
    for (let index = nested.length - 1; index >= 0; index--) pending.push({ suite: nested[index]!, levels: [...levels, nested[index]!.title] })
  }
}

/** Reads a JSON export; a JSON text that is neither tool's is refused with the reason. */
export function readJsonExport(source: string): JsonRead {
  let value: unknown
  try {
    value = JSON.parse(source)
  } catch {
    return { format: null, error: { code: 'cases.importBadJson' } }
  }
  try {
    return shapeOf(value)
  } catch (error) {
    // Suites nested deeper than the stack allows (a hostile file): refused like any other unknown JSON.
    if (madeBy(error, RangeError)) return { format: null, error: { code: 'cases.importUnknownJson' } }
    throw error
  }
}

function shapeOf(value: unknown): JsonRead {
  const qase = QaseFileSchema.safeParse(value)
  if (qase.success) {
    const [suites, cases] = Array.isArray(qase.data) ? [qase.data, []] : [qase.data.suites, qase.data.cases ?? []]
    return { format: 'qase-json', cases: () => qaseCases(suites, cases) }
  }
  const kiwi = KiwiFileSchema.safeParse(value)
  if (kiwi.success) {
    const list = Array.isArray(kiwi.data) ? kiwi.data : 'result' in kiwi.data ? kiwi.data.result : [kiwi.data]
    return {
      format: 'kiwi-json',
      cases: function* () {
        for (const [index, source] of list.entries()) yield kiwiCase(source, index + 1)
      },
    }
  }
  return { format: null, error: { code: 'cases.importUnknownJson' } }
}
