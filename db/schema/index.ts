// drizzle needs every table in one object for its relational queries and drizzle-kit needs one entry file.
export { ckanInstances } from './ckan-instance.ts'
export { datasets } from './dataset.ts'
