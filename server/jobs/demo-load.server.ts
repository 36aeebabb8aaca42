import type { Database } from '../../db/client.server.ts'

/**
 * The generated demo catalogue, loaded into an empty database unless an operator removed it before. Node only: the
 * generator is imported here, on use, so that the Workers bundle never carries it.
 */
export async function loadDemoIfEmpty(db: Database): Promise<number> {
  const { ensureDemoCatalogue } = await import('../ckan/demo/demo-catalogue.server.ts')
  const stored = await ensureDemoCatalogue(db)
  if (stored) console.log(`Demo catalogue loaded: ${stored.toLocaleString('en')} datasets (remove with \`npm run ckan -- demo remove\`).`)
  return stored
}
