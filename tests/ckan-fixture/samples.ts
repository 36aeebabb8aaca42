// Serves the recorded real CKAN responses in ./samples/ byte for byte (see samples/README.md for
// provenance and licences). Only routing is synthesised; any synthesised answer is marked as such below.

import { readFile } from 'node:fs/promises'
import { notFound, validationError } from './search.ts'

export const SAMPLE_FILES = {
  envidatPackageSearch: 'malkreide__wsl-envidat-mcp__tests__fixtures__package_search.json',
  envidatPackageShow: 'malkreide__wsl-envidat-mcp__tests__fixtures__package_show.json',
  envidatOrganizationList: 'malkreide__wsl-envidat-mcp__tests__fixtures__organization_list.json',
  envidatOrganizationShow: 'malkreide__wsl-envidat-mcp__tests__fixtures__organization_show.json',
  envidatTagList: 'malkreide__wsl-envidat-mcp__tests__fixtures__tag_list.json',
  dataGovAuPackageSearch: 'TerriaJS__terriajs__packages__terriajs__wwwroot__test__CKAN__search-result.json',
  dataGovAuPackageShow: 'TerriaJS__terriajs__packages__terriajs__wwwroot__test__CKAN__taxation-statistics-package.json',
  dataGovAuResourceShow: 'TerriaJS__terriajs__packages__terriajs__wwwroot__test__CKAN__taxation-statistics-wms-resource.json',
  vicResourceShow: 'TerriaJS__terriajs__packages__terriajs__wwwroot__test__CKAN__vic-wms-layer-resource.json',
  dataGovUkPackageShow: 'alphagov__datagovuk_publish__spec__fixtures__files__ckan__v26__package_show_update.json',
  hdxPackageShowBare: 'OCHA-DAP__hdx-python-api__tests__fixtures__update_dataset_resources__unesco_dataset.json',
} as const
export type SampleName = keyof typeof SAMPLE_FILES

export const SAMPLES_DIR = new URL('./samples/', import.meta.url)

/** The raw bytes of a recorded sample (for parser tests that want the file without a server). */
export async function readSample(name: SampleName): Promise<Buffer> {
  return readFile(new URL(SAMPLE_FILES[name], SAMPLES_DIR))
}

export type RawReply = { status: number; body: Buffer | string }

type Keyed = { keys: string[]; body: Buffer }

export class SampleSet {
  private readonly files: Map<SampleName, Buffer>
  private readonly packages: Keyed[] = []
  private readonly resources: Keyed[] = []
  private readonly organizations: Keyed[] = []
  private readonly searchCount: number
  private readonly searchSort: unknown
  private readonly orgNames: string[]
  private readonly packageNames: string[] = []

  private constructor(files: Map<SampleName, Buffer>) {
    this.files = files
    const json = (name: SampleName) => JSON.parse((files.get(name) as Buffer).toString('utf8')) as Record<string, unknown>
    const resultOf = (name: SampleName) => json(name).result as Record<string, unknown>
    const enveloped = (name: SampleName): Buffer => files.get(name) as Buffer
    for (const name of ['envidatPackageShow', 'dataGovAuPackageShow', 'dataGovUkPackageShow'] as const) {
      const r = resultOf(name)
      this.packages.push({ keys: [String(r.id), String(r.name)], body: enveloped(name) })
      this.packageNames.push(String(r.name))
    }
    // HDX's file is the bare package dict (hdx-python-api stores `result` only): the fixture wraps the
    // verbatim bytes in an envelope, it does not re-serialise them.
    const hdx = json('hdxPackageShowBare')
    this.packages.push({
      keys: [String(hdx.id), String(hdx.name)],
      body: Buffer.concat([
        Buffer.from('{"help": "https://data.humdata.org/api/3/action/help_show?name=package_show", "success": true, "result": '),
        files.get('hdxPackageShowBare') as Buffer,
        Buffer.from('}'),
      ]),
    })
    this.packageNames.push(String(hdx.name))
    for (const name of ['dataGovAuResourceShow', 'vicResourceShow'] as const) {
      this.resources.push({ keys: [String(resultOf(name).id)], body: enveloped(name) })
    }
    const org = resultOf('envidatOrganizationShow')
    this.organizations.push({ keys: [String(org.id), String(org.name)], body: enveloped('envidatOrganizationShow') })
    const search = resultOf('envidatPackageSearch')
    this.searchCount = Number(search.count)
    this.searchSort = search.sort
    this.orgNames = (json('envidatOrganizationList').result as { name: string }[]).map((o) => o.name)
  }

  static async load(): Promise<SampleSet> {
    const entries = await Promise.all(
      (Object.keys(SAMPLE_FILES) as SampleName[]).map(async (name) => [name, await readSample(name)] as const),
    )
    return new SampleSet(new Map(entries))
  }

  get(name: SampleName): Buffer {
    return this.files.get(name) as Buffer
  }

  /** What a samples portal answers; null for actions it does not know (the caller answers 400). */
  reply(action: string, params: Record<string, unknown>, envelope: (result: unknown) => string): RawReply | null {
    const str = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) ? String(v[0] ?? '') : v == null ? '' : String(v))
    const find = (list: Keyed[], key: string, field: string): RawReply => {
      if (!key) throw validationError({ [field]: ['Missing value'] })
      const hit = list.find((k) => k.keys.includes(key))
      if (!hit) throw notFound()
      return { status: 200, body: hit.body }
    }
    switch (action) {
      case 'package_search': {
        const start = Number(str(params.start) || '0')
        if (!Number.isInteger(start) || start < 0) throw validationError({ start: ['Invalid integer'] })
        // The recording is the first page (rows=2 of count 858). Later pages are synthesised as empty:
        // the count still disagrees with what can actually be paged, exactly as in the recording.
        if (start === 0) return { status: 200, body: this.get('envidatPackageSearch') }
        return { status: 200, body: envelope({ count: this.searchCount, facets: {}, results: [], sort: this.searchSort, search_facets: {} }) }
      }
      case 'package_show':
        return find(this.packages, str(params.id) || str(params.name_or_id), 'name_or_id')
      case 'resource_show':
        return find(this.resources, str(params.id), 'id')
      case 'organization_show':
        return find(this.organizations, str(params.id), 'id')
      case 'organization_list': {
        const allFields = ['true', '1', 'yes', 'on'].includes(str(params.all_fields).toLowerCase())
        if (allFields) return { status: 200, body: this.get('envidatOrganizationList') }
        return { status: 200, body: envelope(this.orgNames) } // synthesised from the recorded list
      }
      case 'tag_list':
        return { status: 200, body: this.get('envidatTagList') }
      case 'package_list':
        return { status: 200, body: envelope(this.packageNames) } // synthesised: the recorded packages
      case 'group_list':
        return { status: 200, body: envelope([]) } // synthesised: no group_list was recorded
      default:
        return null
    }
  }
}
