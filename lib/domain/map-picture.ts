// The home map's server-rendered first frame (docs/map.md, "The first frame"): the offline basemap of the opening view
// (server/map/picture.server.ts) with the first view's clusters drawn over it (features/map/picture-markup.ts), one
// SVG in the page. Both are this size, centred on the map, in the pixels of MAP_INITIAL_VIEW.

/** Wide enough for the map's area on a large screen; centred on the map, the rest is cut off. */
export const MAP_PICTURE_SIZE = { width: 2560, height: 1440 } as const

export type MapPictureUrls = { light: string; dark: string }

/** The basemap's outlines as SVG path data in the picture's pixels, and maplibre's line widths at the opening zoom. */
export type MapPictureBasemap = { abroad: string; home: string; regions: string; regionLine: number; countryLine: number }

/** The offline style's layers as the picture draws them. */
export type MapPictureLayer = 'water' | 'land' | 'home' | 'regions' | 'countries'

/** How a layer is coloured: by a class (the colours in a style sheet, one markup for both themes) or in the markup. */
export type MapPicturePaint = { class: string } | { colour: string }

/**
 * The basemap's layers as SVG elements, in the offline style's order: water, land (Czechia lighter), kraj lines,
 * country lines. The one drawing of both the inline picture (features/map/picture-markup.ts, colours by class) and
 * `/api/map/picture/{light,dark}.svg` (server/map/picture.server.ts, colours written in).
 */
export function mapPictureBasemapLayers(basemap: MapPictureBasemap, paint: (layer: MapPictureLayer) => MapPicturePaint): string {
  const { width, height } = MAP_PICTURE_SIZE
  const area = (layer: MapPictureLayer) => {
    const by = paint(layer)
    return 'class' in by ? `class="${by.class}"` : `fill="${by.colour}"`
  }
  const line = (layer: MapPictureLayer, lineWidth: number) => {
    const by = paint(layer)
    const colour = 'class' in by ? `class="${by.class}" fill="none"` : `fill="none" stroke="${by.colour}"`
    return `${colour} stroke-width="${lineWidth.toFixed(2)}" stroke-linejoin="round"`
  }
  return (
    `<rect width="${width}" height="${height}" ${area('water')}/>` +
    `<path d="${basemap.abroad}" ${area('land')}/>` +
    `<path d="${basemap.home}" ${area('home')}/>` +
    `<path d="${basemap.regions}" ${line('regions', basemap.regionLine)}/>` +
    `<path d="${basemap.abroad}${basemap.home}" ${line('countries', basemap.countryLine)}/>`
  )
}
