import { blob, index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { datasets } from './dataset.ts'

// The map's precomputed layers (server/map/, docs/map.md). A build is taken in the helper process after a harvest or
// analysis changed the rollups; pages and Workers only read it. Tiles are addressed by build, so a cached tile never
// goes stale: a new build gets new addresses, and the previous build is kept until the next one lands.
export const mapBuilds = sqliteTable('map_build', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  // What the rollups were when the build started (`<max rollup_run.id>:<count>`): a different value means stale.
  source: text('source').notNull(),
  startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
  // Null while its tiles are being written: readers use the newest finished build.
  finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  points: integer('points').notNull().default(0),
  tiles: integer('tiles').notNull().default(0),
  ms: integer('ms').notNull().default(0),
})

// One point per dataset with an extent: the extent's centre, its format family and quality band (lib/domain/map.ts),
// as of the newest build. The sidebar pages through it by bounding box.
export const mapPoints = sqliteTable(
  'map_point',
  {
    datasetKey: integer('dataset_key')
      .primaryKey()
      .references(() => datasets.key, { onDelete: 'cascade' }),
    portalId: text('portal_id').notNull(),
    lon: real('lon').notNull(),
    lat: real('lat').notNull(),
    // Indexes into MAP_FAMILIES and MAP_BANDS.
    family: integer('family').notNull(),
    band: integer('band').notNull(),
  },
  (table) => [index('map_point_lon_idx').on(table.lon, table.lat)],
)

// A build's clusters (zoom 0 to MAP_CLUSTER_MAX_ZOOM) and points (MAP_POINT_ZOOM) per web-mercator tile, encoded
// (lib/domain/map-tile.ts) once so that serving a tile is one primary-key read. Scope '' is every portal, otherwise a
// portal id. Empty tiles have no row.
export const mapTiles = sqliteTable(
  'map_tile',
  {
    buildId: integer('build_id')
      .notNull()
      .references(() => mapBuilds.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    z: integer('z').notNull(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    data: blob('data', { mode: 'buffer' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.buildId, table.scope, table.z, table.x, table.y] })],
)
