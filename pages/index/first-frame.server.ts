import type { MapFirstView } from '../../features/map/map-types.ts'
import { mapPictureMarkup } from '../../features/map/picture-markup.ts'
import { mapPictureBasemap } from '../../server/map/picture.server.ts'

/**
 * The home map's first frame, drawn here and inlined in the page (docs/decisions/022-map-on-interaction.md): the offline basemap (the
 * online tiles are the browser's to fetch) and the clusters of the first view's tiles.
 */
export function firstFrameMarkup(tiles: MapFirstView['tiles'], locale: string): string {
  // The cluster labels' decimal mark, as the map writes them (intl.formatNumber in the browser).
  const decimal = new Intl.NumberFormat(locale).format(1.5).charAt(1)
  return mapPictureMarkup(mapPictureBasemap(), tiles, decimal)
}
