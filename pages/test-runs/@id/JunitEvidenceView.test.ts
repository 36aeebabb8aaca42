import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { junitEvidence } from '../../../lib/domain/junit-match.ts'
import { JunitReader } from '../../../lib/domain/junit-read.ts'
import { loadMessages } from '../../../lib/i18n/catalog.ts'
import { I18nProvider } from '../../../lib/i18n/I18nProvider.tsx'
import type { Locale } from '../../../lib/i18n/locales.ts'
import { JunitEvidenceView } from './JunitEvidenceView.tsx'

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/junit')

function reportedResult(file: string, name: string) {
  const reader = new JunitReader()
  reader.write(readFileSync(path.join(FIXTURES, file), 'utf8'))
  const report = reader.end()
  return junitEvidence(report.cases.find((item) => item.name === name)!, file, report.suiteOutputs)
}

async function render(evidence: ReturnType<typeof reportedResult>, open: boolean, locale: Locale = 'en'): Promise<string> {
  const messages = await loadMessages(locale)
  return renderToStaticMarkup(createElement(I18nProvider, { locale, messages, children: createElement(JunitEvidenceView, { evidence, open }) }))
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()

describe('a JUnit result in the run view', () => {
  it('shows the failure and the error of a real pytest report: message, stack trace, system-out, each closed unless latest', async () => {
    const evidence = reportedResult('pytest.xml', 'test_dataset_count')
    const html = await render(evidence, true)
    expect(text(html)).toContain('Failure · message')
    expect(text(html)).toContain('Error · stack trace')
    expect(html).toContain('<pre tabindex="0" aria-label="Failure · stack trace"')
    expect(html).toContain('E       AssertionError: expected at least 1000 datasets, got 987')
    expect(html).toContain('ConnectionResetError: [Errno 104] Connection reset by peer')
    expect(html).toMatch(/<details class="[^"]*" data-testid="junit-system-out"><summary[^>]*>Standard output \(system-out\)<\/summary>/)
    expect(html).toContain('GET https://data.example.cz/api/3/action/package_search?rows=0 -&gt; 200 (312 ms)')
    // The latest result opens its messages; stack traces and outputs stay closed until asked for.
    expect(html.match(/<details open=""/g)?.length).toBe(2)
    expect((await render(evidence, false)).includes('<details open')).toBe(false)
    expect(html.match(/>Copy</g)?.length).toBe(5)
  })

  it('says a test was flaky and lists its earlier attempts, in Czech too', async () => {
    const evidence = reportedResult('surefire-flaky-failure.xml', 'testApp')
    expect(text(await render(evidence, true))).toContain('Flaky: passed on a rerun 2 earlier attempts in the report: flakyFailure junit.framework.AssertionFailedError obvious fail')
    expect(text(await render(evidence, true, 'cs'))).toContain('Nestabilní: prošel při opakování 2 dřívější pokusy ve zprávě:')
  })
})
