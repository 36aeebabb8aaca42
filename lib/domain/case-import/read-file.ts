// One entry for every file an import takes: the format is told from the content (an XML root, a JSON shape, a CSV
// header), never from the file's name, and each reader gives the same imported-case shape (imported-case.ts).

import { madeBy } from '../../made-by.ts'
import { readTestCaseCsv } from '../test-case-csv.ts'
import { XmlStreamError } from '../xml-stream.ts'
import { IMPORT_MAX_CASES, type CaseFileReader, type CsvNote, type ImportedCase, type ImportFormat } from './imported-case.ts'
import { readJsonExport } from './json-exports.ts'
import { isQaseCsvHeader, readQaseCsv } from './qase-csv.ts'
import { isTestLinkXml, testLinkCases } from './testlink-xml.ts'
import { isTestRailXml, testRailCases } from './testrail-xml.ts'
import { xmlTree, XmlTooLarge, type XmlElement } from './xml-tree.ts'
import { isZephyrXml, zephyrCases } from './zephyr-xml.ts'

const XML_READERS: ReadonlyArray<{ format: ImportFormat; is: (root: XmlElement) => boolean; cases: (root: XmlElement) => Generator<ImportedCase> }> = [
  { format: 'testrail-xml', is: isTestRailXml, cases: testRailCases },
  { format: 'zephyr-xml', is: isZephyrXml, cases: zephyrCases },
  { format: 'testlink-xml', is: isTestLinkXml, cases: testLinkCases },
]

function refused(format: ImportFormat, note: CsvNote): CaseFileReader {
  return { format, fileErrors: [note], customColumns: [], rawKeys: [], cases: function* () {} }
}

/**
 * The custom fields' names and the IDs of structured cases, read once (the tree is in memory already, bounded in
 * elements); more than IMPORT_MAX_CASES cases refuse the file, as CSV_IMPORT_MAX_ROWS rows refuse a CSV.
 */
function structured(format: ImportFormat, cases: () => Generator<ImportedCase>): CaseFileReader {
  const names = new Set<string>()
  const rawKeys: string[] = []
  let count = 0
  for (const item of cases()) {
    if (++count > IMPORT_MAX_CASES) return refused(format, { code: 'cases.importTooManyCases' })
    for (const name of item.custom.keys()) names.add(name)
    if (item.rawKey) rawKeys.push(item.rawKey)
  }
  return { format, fileErrors: [], customColumns: [...names], rawKeys, cases }
}

/** Reads a file of test cases of any format the import knows, or refuses it with the reason. */
export function readCaseFile(input: string): CaseFileReader {
  const text = input.replace(/^\uFEFF/, '')
  const start = text.trimStart().charAt(0)
  if (start === '<') {
    let root: XmlElement
    try {
      root = xmlTree(text)
    } catch (error) {
      if (madeBy(error, XmlTooLarge)) return refused('testrail-xml', { code: 'cases.importTooManyCases' })
      if (madeBy(error, XmlStreamError)) return refused('testrail-xml', { code: 'cases.importBadXml', params: { line: error.line } })
      throw error
    }
    const reader = XML_READERS.find((candidate) => candidate.is(root))
    if (!reader) return refused('testrail-xml', { code: 'cases.importUnknownXml', params: { root: root.name } })
    return structured(reader.format, () => reader.cases(root))
  }
  if (start === '{' || start === '[') {
    const json = readJsonExport(text)
    if (json.format === null) return refused('kiwi-json', json.error)
    return structured(json.format, json.cases)
  }
  if (isQaseCsvHeader(text.slice(0, Math.max(0, text.indexOf('\n')) || text.length))) return readQaseCsv(text)
  return readTestCaseCsv(text)
}
