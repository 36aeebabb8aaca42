import type { Theme } from '../theme/pre-paint.ts'

// Colours the map draws with. WebGL needs numbers, not CSS variables, so the map's own colours live here once and
// the legend's swatches read the same values. The colours of format families and quality bands are in
// map-scheme-colours.ts, apart, so the region maps (which need only these) do not carry the format table.

export type Rgb = readonly [number, number, number]

export const cssRgb = (rgb: Rgb, alpha = 1) => (alpha === 1 ? `rgb(${rgb.join(' ')})` : `rgb(${rgb.join(' ')} / ${alpha})`)

/** Colours of the map's furniture per theme: outlines around the symbols, labels, extents, the offline basemap. */
export type MapTheme = {
  outline: Rgb
  /** Cluster counts: white with a dark halo reads on every fill of the palette, yellow included. */
  label: Rgb
  labelHalo: Rgb
  highlight: Rgb
  extentLine: Rgb
  extentFill: Rgb
  water: Rgb
  land: Rgb
  landHome: Rgb
  countryLine: Rgb
  regionLine: Rgb
}

export const MAP_THEMES: Record<Theme, MapTheme> = {
  light: {
    outline: [255, 255, 255],
    label: [255, 255, 255],
    labelHalo: [0, 0, 0],
    highlight: [21, 101, 192],
    extentLine: [21, 101, 192],
    extentFill: [21, 101, 192],
    water: [214, 228, 240],
    land: [241, 239, 234],
    landHome: [250, 249, 246],
    countryLine: [150, 150, 150],
    regionLine: [185, 185, 190],
  },
  dark: {
    outline: [18, 18, 18],
    label: [255, 255, 255],
    labelHalo: [0, 0, 0],
    highlight: [144, 202, 249],
    extentLine: [144, 202, 249],
    extentFill: [144, 202, 249],
    water: [14, 22, 32],
    land: [36, 36, 40],
    landHome: [46, 46, 52],
    countryLine: [110, 110, 118],
    regionLine: [78, 78, 86],
  },
}
