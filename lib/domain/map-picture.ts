// The home map's server-rendered first frame (docs/map.md, "The first frame"): the offline basemap of the opening view
// as a picture per theme (server/map/picture.server.ts), with the first view's clusters drawn over it in the page
// (features/map/MapPicture.tsx). Both are this size, centred on the map, in the pixels of MAP_INITIAL_VIEW.

/** Wide enough for the map's area on a large screen; centred on the map, the rest is cut off. */
export const MAP_PICTURE_SIZE = { width: 2560, height: 1440 } as const

export type MapPictureUrls = { light: string; dark: string }
