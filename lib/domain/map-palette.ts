import { MAP_BANDS, MAP_FAMILIES, type MapBand, type MapColourBy, type MapFamily } from './map.ts'
import type { Theme } from '../theme/pre-paint.ts'

// Colours the map draws with. WebGL needs numbers, not CSS variables, so the map's own colours live here once and
// the legend's swatches read the same values. The categorical colours are Okabe and Ito's colour-blind-safe set; the
// legend always names each colour and its count, so colour is never the only cue.

export type Rgb = readonly [number, number, number]

const OKABE_ITO = {
  orange: [230, 159, 0],
  skyBlue: [86, 180, 233],
  bluishGreen: [0, 158, 115],
  yellow: [240, 228, 66],
  blue: [0, 114, 178],
  vermillion: [213, 94, 0],
  reddishPurple: [204, 121, 167],
} as const satisfies Record<string, Rgb>

const GREY: Record<Theme, Rgb> = { light: [128, 128, 128], dark: [158, 158, 158] }

const FAMILY_COLOURS: Record<Exclude<MapFamily, 'none'>, Rgb> = {
  tabular: OKABE_ITO.blue,
  linked: OKABE_ITO.skyBlue,
  structured: OKABE_ITO.bluishGreen,
  geo: OKABE_ITO.orange,
  service: OKABE_ITO.vermillion,
  document: OKABE_ITO.yellow,
  other: OKABE_ITO.reddishPurple,
}

// Good to bad runs green, blue, orange, red: told apart by people with any common colour-vision deficiency.
const BAND_COLOURS: Record<Exclude<MapBand, 'unrated'>, Rgb> = {
  excellent: OKABE_ITO.bluishGreen,
  good: OKABE_ITO.skyBlue,
  sufficient: OKABE_ITO.orange,
  bad: OKABE_ITO.vermillion,
}

export function familyColour(family: MapFamily, theme: Theme): Rgb {
  return family === 'none' ? GREY[theme] : FAMILY_COLOURS[family]
}

export function bandColour(band: MapBand, theme: Theme): Rgb {
  return band === 'unrated' ? GREY[theme] : BAND_COLOURS[band]
}

/** The colours of one scheme by index (MAP_FAMILIES or MAP_BANDS order), as the tiles store families and bands. */
export function schemeColours(colourBy: MapColourBy, theme: Theme): Rgb[] {
  return colourBy === 'family' ? MAP_FAMILIES.map((family) => familyColour(family, theme)) : MAP_BANDS.map((band) => bandColour(band, theme))
}

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
