// The home map's server-rendered first frame (docs/map.md, "The first frame"): the offline basemap of the opening view
// (server/map/picture.server.ts) with the first view's clusters drawn over it (features/map/picture-markup.ts), one
// SVG in the page. Both are this size, centred on the map, in the pixels of MAP_INITIAL_VIEW.

/** Wide enough for the map's area on a large screen; centred on the map, the rest is cut off. */
export const MAP_PICTURE_SIZE = { width: 2560, height: 1440 } as const

export type MapPictureUrls = { light: string; dark: string }

/** The basemap's outlines as SVG path data in the picture's pixels, and maplibre's line widths at the opening zoom. */
export type MapPictureBasemap = { abroad: string; home: string; regions: string; regionLine: number; countryLine: number }
