// Imports of other tools' exports (docs/test-case-csv.md, "Other tools"): every real export in
// tests/fixtures/case-imports/ imported through the router into a fresh project, per tool, then the share of the cases
// the files give that were created, and of those the share that kept the title, steps, expected results, priority and
// folder their file gives (the goal is 98 % each). Then 10,000 cases of TestRail XML (five steps each): the preview's
// time and one import's time, in one transaction. Figures only; nothing is asserted.
//
//   npx node bench/case-import-tools.ts [cases=10000]
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { readCaseFile } from '../lib/domain/case-import/read-file.ts'
import { createCaller } from '../server/trpc/router.server.ts'
import { signedInAccount } from '../tests/helpers/test-account.ts'
import { createTestDatabase } from '../tests/helpers/test-db.ts'
import { testContext } from '../tests/helpers/trpc-context.ts'

const large = Number(process.argv[2] ?? 10_000)
const FIXTURES = path.join(import.meta.dirname, '../tests/fixtures/case-imports')
// The cases SOURCES.md counts per tool (the Xray files count tests; Kiwi's second file is the same case again).
const EXPECTED = new Map([['testrail', 381], ['qase', 7], ['zephyr-scale', 9], ['xray', 27], ['testlink', 181], ['kiwi-tcms', 1]])
const KIWI_CASE_FILES = new Set(['testcase-filter-item.json'])

const testDb = await createTestDatabase()
try {
  const owner = await signedInAccount(testDb.db, 'Bench', 'bench@tools.example')
  const api = createCaller(await testContext(testDb.db, { auth: owner, locale: 'en' }))
  const percent = (part: number, whole: number) => (whole === 0 ? '  –  ' : `${((100 * part) / whole).toFixed(1).padStart(5)} %`)

  for (const [toolIndex, tool] of [...EXPECTED.keys()].entries()) {
    const files = readdirSync(path.join(FIXTURES, tool)).filter((name) => tool !== 'kiwi-tcms' || KIWI_CASE_FILES.has(name))
    const given = { cases: 0, steps: 0, expected: 0, priority: 0, folder: 0 }
    const kept = { created: 0, title: 0, steps: 0, expected: 0, priority: 0, folder: 0 }
    for (const [index, name] of files.entries()) {
      const text = readFileSync(path.join(FIXTURES, tool, name), 'utf8')
      const read = [...readCaseFile(text).cases()]
      const { id: projectId } = await api.projects.create({ name: `${tool} ${index}`, key: `T${toolIndex}F${index}` })
      const done = await api.testCases.import({ projectId, csv: text })
      given.cases += read.length
      for (const item of read) {
        if (item.steps.length > 0) given.steps++
        if (item.steps.some((step) => step.expected)) given.expected++
        if (item.values.priority) given.priority++
        if (item.folder) given.folder++
      }
      kept.created += done.created
      // The import answers a row per case, in the order the reader gives them.
      for (const [position, row] of done.rows.entries()) {
        const source = read[position]
        if (!row.caseId || !source) continue
        const { case: made } = await api.testCases.byId({ id: row.caseId })
        if (made.title === source.title) kept.title++
        if (source.steps.length > 0 && made.steps.length === source.steps.length) kept.steps++
        if (source.steps.some((step) => step.expected) && made.steps.some((step) => step.kind === 'step' && step.expected)) kept.expected++
        if (source.values.priority && made.priority) kept.priority++
        if (source.folder && made.folder === source.folder) kept.folder++
      }
    }
    console.log(
      `case-import-tools: ${tool.padEnd(12)} ${String(kept.created).padStart(3)} of ${String(given.cases).padStart(3)} cases created (SOURCES.md: ${EXPECTED.get(tool)}): ` +
        `title ${percent(kept.title, given.cases)}, steps ${percent(kept.steps, given.steps)} (of ${given.steps} with steps), ` +
        `expected ${percent(kept.expected, given.expected)} (of ${given.expected}), priority ${percent(kept.priority, given.priority)} (of ${given.priority}), folder ${percent(kept.folder, given.folder)} (of ${given.folder})`,
    )
  }

  // A large TestRail export: sections of 100 cases, five steps each.
  const step = (n: number) => `<step><index>${n}</index><content>Step ${n} of the case</content><expected>Result ${n} shows</expected></step>`
  const caseXml = (n: number) =>
    `<case><id>C${n}</id><title>Case ${n}</title><template>Test Case (Steps)</template><type>Regression</type><priority>${['Low', 'Medium', 'High', 'Critical'][n % 4]}</priority><estimate>60</estimate><references>DH-${n}</references><custom><preconds>Signed in</preconds><steps_separated>${[1, 2, 3, 4, 5].map(step).join('')}</steps_separated></custom></case>`
  const sections = Array.from({ length: Math.ceil(large / 100) }, (_, section) => `<section><name>Area ${section}</name><cases>${Array.from({ length: Math.min(100, large - section * 100) }, (_, index) => caseXml(section * 100 + index + 1)).join('')}</cases></section>`)
  const xml = `<?xml version="1.0" encoding="UTF-8"?><suite><id>S1</id><name>Large</name><sections><section><name>Top</name><sections>${sections.join('')}</sections></section></sections></suite>`
  const { id: projectId } = await api.projects.create({ name: 'Large', key: 'LARGE' })
  let started = performance.now()
  const preview = await api.testCases.importPreview({ projectId, csv: xml })
  const previewSeconds = (performance.now() - started) / 1000
  started = performance.now()
  const done = await api.testCases.import({ projectId, csv: xml })
  const importSeconds = (performance.now() - started) / 1000
  console.log(
    `case-import-tools: ${large.toLocaleString('en')} TestRail XML cases (${(xml.length / 1024 / 1024).toFixed(1)} MB): preview ${previewSeconds.toFixed(1)} s (${preview.rows.length.toLocaleString('en')} rows), import ${importSeconds.toFixed(1)} s in one transaction (${done.created.toLocaleString('en')} created, ${done.refused} refused)`,
  )
} finally {
  await testDb.cleanup()
}
