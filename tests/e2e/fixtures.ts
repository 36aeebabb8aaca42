/** What tests/e2e/seed.ts puts into the e2e database. */
export const E2E_INSTANCE = { id: 'e2e-portal', name: 'E2E Portal' }
export const E2E_DATASET = {
  uuid: '0d6c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'air-quality-prague',
  title: 'Air quality in Prague',
}
export const E2E_DATASET_ID = `${E2E_INSTANCE.id}:${E2E_DATASET.uuid}`
