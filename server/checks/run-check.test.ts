import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCkanFixture, type CkanFixture } from '../../tests/ckan-fixture/server.ts'
import { DEFAULT_CHECK, type CaseCheck } from '../../lib/domain/checks.ts'
import { createCkanClient } from '../outbound/ckan-client.server.ts'
import { runCheck, versionAtLeast, type CheckContext } from './run-check.server.ts'

// Checks against the CKAN-compatible fixture on loopback: a healthy portal, one that hangs, one that fails with 500,
// and files that are fine, ragged, redirected, gone or a map service's error report.
let fixture: CkanFixture
let dataset: { name: string; organization: string; modified: string }

beforeAll(async () => {
  fixture = await startCkanFixture({
    portals: [
      { slug: 'good', datasets: 60, organizations: 4 },
      { slug: 'hang', datasets: 5, fault: 'hang' },
      { slug: 'down', datasets: 5, fault: 'http500' },
      { slug: 'maintenance', datasets: 5, fault: 'html-200' },
      { slug: 'files', datasets: 0 },
    ],
  })
  const client = createCkanClient({ apiBase: fixture.apiBase('good'), policy: { allowPrivate: true } })
  const [first] = (await client.packageSearch({ rows: 1, sort: 'metadata_modified desc' })).packages
  dataset = { name: first!.name, organization: first!.organization!.name!, modified: first!.metadata_modified! }
})
afterAll(async () => {
  await fixture.close()
})

const portal = (slug: string) => ({ id: slug, apiBase: fixture.apiBase(slug), isDemo: false })
const context = (slug: string, extra: Partial<CheckContext> = {}): CheckContext => ({ portal: portal(slug), policy: { allowPrivate: true }, timeoutMs: 1500, ...extra })
const check = (fields: Partial<CaseCheck>): CaseCheck => ({ ...DEFAULT_CHECK, ...fields })
const file = (name: string) => `${fixture.portalUrl('files')}/files/${name}`

describe('portal and dataset checks', () => {
  it('passes a portal that answers with a new enough CKAN, fails an old one, keeps the request', async () => {
    const ok = await runCheck(check({ type: 'portal-answers', minVersion: '2.9' }), context('good'))
    expect(ok.outcome).toBe('passed')
    expect(ok.request?.url).toContain('/action/status_show')
    expect(ok.status).toBe(200)
    expect(ok.attempts).toHaveLength(1)
    expect(ok.headers.contentType).toContain('json')
    const old = await runCheck(check({ type: 'portal-answers', minVersion: '2.11' }), context('good'))
    expect(old.outcome).toBe('failed')
    expect(old.messages[0]).toEqual({ code: 'ckanVersionLow', params: { version: '2.10.4', minimum: '2.11' } })
  })

  it('is blocked when the portal hangs or answers 500, with every attempt kept', async () => {
    const hung = await runCheck(check({ type: 'dataset-active', dataset: 'anything' }), context('hang'))
    expect(hung.outcome).toBe('blocked')
    expect(hung.messages[0]?.code).toBe('ckan.timeout')
    const down = await runCheck(check({ type: 'portal-answers' }), context('down'))
    expect(down.outcome).toBe('blocked')
    expect(down.attempts.length).toBeGreaterThanOrEqual(2) // one retry
    expect(down.attempts.every((attempt) => attempt.status === 500)).toBe(true)
  })

  it('is blocked, not failed, when the portal answers a 200 HTML page (maintenance) instead of its API', async () => {
    for (const type of ['portal-answers', 'dataset-active'] as const) {
      const result = await runCheck(check({ type, dataset: 'anything' }), context('maintenance'))
      expect(result.outcome).toBe('blocked')
      expect(result.messages[0]?.code).toBe('ckan.not-ckan')
    }
  })

  it('dataset-active passes an existing dataset and fails a missing one; other checks skip a missing dataset', async () => {
    expect((await runCheck(check({ type: 'dataset-active', dataset: dataset.name }), context('good'))).outcome).toBe('passed')
    const missing = await runCheck(check({ type: 'dataset-active', dataset: 'no-such-dataset' }), context('good'))
    expect(missing.outcome).toBe('failed')
    expect(missing.status).toBe(404)
    const skipped = await runCheck(check({ type: 'licence-open', dataset: 'no-such-dataset' }), context('good'))
    expect(skipped.outcome).toBe('skipped')
    expect(skipped.messages[0]?.code).toBe('datasetNotFound')
  })

  it('modified-within compares metadata_modified with the clock', async () => {
    const modified = Date.parse(`${dataset.modified}Z`)
    const soon = () => new Date(modified + 3 * 24 * 60 * 60 * 1000)
    expect((await runCheck(check({ type: 'modified-within', dataset: dataset.name, days: 7 }), context('good', { now: soon }))).outcome).toBe('passed')
    const late = await runCheck(check({ type: 'modified-within', dataset: dataset.name, days: 2 }), context('good', { now: soon }))
    expect(late.outcome).toBe('failed')
    expect(late.messages[0]).toMatchObject({ code: 'modifiedLongAgo', params: { age: 3, days: 2 } })
  })

  it('organization-datasets counts through organization_show; an unknown organization fails', async () => {
    const enough = await runCheck(check({ type: 'organization-datasets', organization: dataset.organization, minimum: 1 }), context('good'))
    expect(enough.outcome).toBe('passed')
    const tooMany = await runCheck(check({ type: 'organization-datasets', organization: dataset.organization, minimum: 100_000 }), context('good'))
    expect(tooMany.outcome).toBe('failed')
    expect((await runCheck(check({ type: 'organization-datasets', organization: 'nobody', minimum: 1 }), context('good'))).outcome).toBe('failed')
  })

  it('expands over an organization, one item per dataset, the worst outcome winning', async () => {
    const evidence = await runCheck(check({ type: 'dataset-active', scope: 'organization-datasets', organization: dataset.organization, limit: 5 }), context('good'))
    expect(evidence.items.length).toBeGreaterThan(0)
    expect(evidence.items.length).toBeLessThanOrEqual(5)
    expect(evidence.items.every((entry) => entry.outcome === 'passed')).toBe(true)
    expect(evidence.outcome).toBe('passed')
    const metadata = await runCheck(check({ type: 'metadata-present', scope: 'portal-datasets', fields: ['title', 'no_such_field'], limit: 3 }), context('good'))
    expect(metadata.items).toHaveLength(3)
    expect(metadata.outcome).toBe('failed')
    expect(metadata.items[0]?.messages).toEqual([{ code: 'metadataMissing', params: { field: 'no_such_field' } }])
  })

  it('a check without a portal is skipped; a demo portal is blocked without a request', async () => {
    expect((await runCheck(check({ type: 'portal-answers' }), { portal: null })).outcome).toBe('skipped')
    const demo = await runCheck(check({ type: 'portal-answers' }), { portal: { id: 'demo', apiBase: 'http://127.0.0.1:9/api/3', isDemo: true } })
    expect(demo.outcome).toBe('blocked')
    expect(demo.attempts).toEqual([])
  })
})

describe('resource checks', () => {
  it('resource-reachable: HEAD, GET after a 405, redirects kept, service errors and 404s fail', async () => {
    const ok = await runCheck(check({ type: 'resource-reachable', resource: file('data.csv'), contentType: 'text/csv' }), context('files'))
    expect(ok).toMatchObject({ outcome: 'passed', status: 200, request: { method: 'HEAD' } })
    const noHead = await runCheck(check({ type: 'resource-reachable', resource: file('no-head.csv') }), context('files'))
    expect(noHead.outcome).toBe('passed')
    expect(noHead.attempts.map((attempt) => `${attempt.method} ${attempt.status}`)).toEqual(['HEAD 405', 'GET 200'])
    const redirected = await runCheck(check({ type: 'resource-reachable', resource: file('redirect/3') }), context('files'))
    expect(redirected.outcome).toBe('passed')
    expect(redirected.redirects).toEqual([file('redirect/2'), file('redirect/1'), file('data.csv')])
    const tooMany = await runCheck(check({ type: 'resource-reachable', resource: file('redirect/9') }), context('files'))
    expect(tooMany).toMatchObject({ outcome: 'failed', messages: [{ code: 'probe.too-many-redirects' }] })
    const wms = await runCheck(check({ type: 'resource-reachable', resource: file('wms'), format: 'WMS' }), context('files'))
    expect(wms).toMatchObject({ outcome: 'failed', messages: [{ code: 'serviceError' }], request: { method: 'GET' } })
    expect(wms.excerpt).toContain('ServiceExceptionReport')
    expect((await runCheck(check({ type: 'resource-reachable', resource: file('gone') }), context('files'))).outcome).toBe('failed')
    const wrongType = await runCheck(check({ type: 'resource-reachable', resource: file('data.csv'), contentType: 'application/json' }), context('files'))
    expect(wrongType.messages[0]?.code).toBe('contentTypeWrong')
    const servedAsHtml = await runCheck(check({ type: 'resource-reachable', resource: file('wrong-type.csv'), contentType: 'text/csv' }), context('files'))
    expect(servedAsHtml).toMatchObject({ outcome: 'failed', messages: [{ code: 'contentTypeWrong', params: { expected: 'text/csv', found: 'text/html' } }] })
  })

  it('is blocked by a server that never answers, a file over the size limit, and robots.txt, asking nothing robots.txt forbids', async () => {
    const hung = await runCheck(check({ type: 'resource-reachable', resource: file('hang') }), context('files', { timeoutMs: 300 }))
    expect(hung).toMatchObject({ outcome: 'blocked', messages: [{ code: 'probe.timeout' }] })
    const huge = await runCheck(check({ type: 'csv-valid', resource: file('huge.csv') }), context('files'))
    expect(huge).toMatchObject({ outcome: 'blocked', messages: [{ code: 'probe.too-large' }] })
    const before = fixture.requestCount('files')
    const forbidden = await runCheck(check({ type: 'resource-reachable', resource: file('private/data.csv') }), context('files'))
    expect(forbidden).toMatchObject({ outcome: 'blocked', messages: [{ code: 'probe.robots' }], attempts: [] })
    expect(fixture.requestCount('files')).toBe(before)
  })

  it('resource-reachable refuses private addresses under the default policy, and bad URLs fail', async () => {
    const guarded = await runCheck(check({ type: 'resource-reachable', resource: file('data.csv') }), { ...context('files'), policy: { allowPrivate: false } })
    expect(guarded.outcome).toBe('blocked')
    expect(guarded.messages[0]?.code).toBe('probe.blocked')
    const notHttp = await runCheck(check({ type: 'resource-reachable', dataset: '', resource: 'ftp://example.org/x.csv' }), context('files'))
    expect(notHttp.outcome).not.toBe('passed')
  })

  it('csv-valid: parses, reports ragged records, missing columns and Table Schema errors, capped', async () => {
    const ok = await runCheck(check({ type: 'csv-valid', resource: file('data.csv'), columns: ['obec'] }), context('files'))
    expect(ok.outcome).toBe('passed')
    expect(ok.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(ok.bytes).toBeGreaterThan(20)
    expect(ok.messages).toContainEqual({ code: 'csvRows', params: { rows: 10, columns: 3 } })
    const ragged = await runCheck(check({ type: 'csv-valid', resource: file('bad.csv'), columns: ['mesto'] }), context('files'))
    expect(ragged.outcome).toBe('failed')
    expect(ragged.messages.map((message) => message.code)).toEqual(expect.arrayContaining(['csvRowWidth', 'csvMissingColumn']))
    const schema = JSON.stringify({ fields: [{ name: 'id', type: 'integer', constraints: { unique: true } }, { name: 'pocet', type: 'integer', constraints: { required: true } }] })
    const typed = await runCheck(check({ type: 'csv-valid', resource: file('types.csv'), tableSchema: schema, maxErrors: 1 }), context('files'))
    expect(typed.outcome).toBe('failed')
    expect(typed.messages.filter((message) => message.code.startsWith('csv') && !['csvEncoding', 'csvDelimiter', 'csvRows'].includes(message.code))).toEqual([
      { code: 'csvUnique', params: { row: 4, column: 'id', value: '2' } },
      { code: 'csvMoreErrors', params: { count: 1 } },
    ])
  })

  it('content-unchanged: a baseline first, then the same hash passes and another fails', async () => {
    const first = await runCheck(check({ type: 'content-unchanged', resource: file('data.csv') }), context('files'))
    expect(first).toMatchObject({ outcome: 'passed', messages: [{ code: 'contentBaseline' }] })
    const same = await runCheck(check({ type: 'content-unchanged', resource: file('data.csv') }), context('files', { previous: new Map([[file('data.csv'), { hash: first.hash, bytes: first.bytes }]]) }))
    expect(same.outcome).toBe('passed')
    const changed = await runCheck(check({ type: 'content-unchanged', resource: file('data.csv') }), context('files', { previous: new Map([[file('data.csv'), { hash: 'f'.repeat(64), bytes: 1 }]]) }))
    expect(changed).toMatchObject({ outcome: 'failed', messages: [{ code: 'contentChanged' }] })
  })

  it('expands over a portal’s CSV resources, every one of them served by the fixture itself', async () => {
    const evidence = await runCheck(check({ type: 'resource-reachable', scope: 'portal-resources', format: 'CSV', limit: 8 }), context('good'))
    expect(evidence.items.length).toBeGreaterThan(0)
    expect(evidence.items.length).toBeLessThanOrEqual(8)
    for (const entry of evidence.items) {
      expect(entry.subject.startsWith(`${fixture.portalUrl('good')}/`)).toBe(true)
      expect(entry).toMatchObject({ outcome: 'passed', status: 200 })
    }
  })
})

describe('versionAtLeast', () => {
  it('compares numerically', () => {
    expect(versionAtLeast('2.10.4', '2.9')).toBe(true)
    expect(versionAtLeast('2.9.11', '2.10')).toBe(false)
    expect(versionAtLeast('2.11.0a', '2.11')).toBe(true)
  })
})
