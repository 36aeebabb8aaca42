import type { LayersList } from '@deck.gl/core'
import type { MapTile } from '../../lib/domain/map-tile.ts'
import type { DeckLayerLib } from './MapFrame.tsx'
import { MAP_THEMES } from '../../lib/domain/map-palette.ts'
import { countLabel, styledTile, styleKey, type TileStyle } from './tile-style.ts'
import type { LoadedTile } from './view.ts'

// The home map's deck.gl layers, built from decoded tiles (docs: deck.gl's performance guide): one layer per tile
// with binary positions straight from the tile, so panning adds and drops layers without touching the others; the
// `data` of a tile's layer is the same object for as long as the tile is in memory, and a change of colouring or
// filter only recomputes the colour and radius attributes (updateTriggers). No layer is pickable: a click is
// resolved on the CPU (view.ts pickAt), so moving the pointer costs nothing.

type BinaryData = { length: number; attributes: { getPosition: { value: Float32Array; size: 2 } } }
type Label = { position: [number, number]; text: string }

const binary = new WeakMap<MapTile, BinaryData>()
const labels = new WeakMap<MapTile, Map<string, Label[]>>()

function binaryData(tile: MapTile): BinaryData {
  let data = binary.get(tile)
  if (!data) binary.set(tile, (data = { length: tile.n, attributes: { getPosition: { value: tile.positions, size: 2 } } }))
  return data
}

function clusterLabels(tile: MapTile, style: TileStyle, decimal: string): Label[] {
  let byStyle = labels.get(tile)
  if (!byStyle) labels.set(tile, (byStyle = new Map()))
  const key = `${styleKey(style)}|${decimal}`
  let list = byStyle.get(key)
  if (!list) {
    const { counts } = styledTile(tile, style)
    list = []
    for (let i = 0; i < tile.n; i++) {
      if (counts[i]! > 1) list.push({ position: [tile.positions[2 * i]!, tile.positions[2 * i + 1]!], text: countLabel(counts[i]!, decimal) })
    }
    byStyle.set(key, list)
  }
  return list
}

export type Highlight = { lon: number; lat: number }
export type ExtentFeatures = { type: 'FeatureCollection'; features: Array<{ type: 'Feature'; properties: { key: number }; geometry: unknown }> }

export type HomeLayerInput = {
  tiles: readonly LoadedTile[]
  style: TileStyle
  /** The decimal mark of the page's language, for "4,2k". */
  decimal: string
  highlight: Highlight | null
  extents: ExtentFeatures | null
}

const LABEL_CHARACTERS = '0123456789.,k'
const EXTENTS_FILLED_MAX = 30

export function homeLayers(lib: DeckLayerLib, { tiles, style, decimal, highlight, extents }: HomeLayerInput): LayersList {
  const colours = MAP_THEMES[style.theme]
  const triggers = styleKey(style)
  const layers: LayersList = []
  if (extents && extents.features.length > 0) {
    layers.push(
      new lib.GeoJsonLayer({
        id: 'extents',
        data: extents as never,
        stroked: true,
        // A light fill tells a few areas apart; over many it would only tint the map, so then outlines alone.
        filled: extents.features.length <= EXTENTS_FILLED_MAX,
        getFillColor: [...colours.extentFill, 24],
        getLineColor: [...colours.extentLine, 150],
        lineWidthUnits: 'pixels',
        getLineWidth: 1,
        pickable: false,
        updateTriggers: { getFillColor: style.theme, getLineColor: style.theme },
      }),
    )
  }
  for (const { id, tile } of tiles) {
    if (tile.n === 0) continue
    const styled = styledTile(tile, style)
    if (styled.visible === 0) continue
    layers.push(
      new lib.ScatterplotLayer({
        id: `symbols-${id}`,
        data: binaryData(tile) as never,
        radiusUnits: 'pixels',
        getRadius: (_: unknown, { index }: { index: number }) => styled.radii[index]!,
        getFillColor: (_: unknown, { index, target }: { index: number; target: number[] }) => {
          target[0] = styled.colours[4 * index]!
          target[1] = styled.colours[4 * index + 1]!
          target[2] = styled.colours[4 * index + 2]!
          target[3] = styled.colours[4 * index + 3]!
          return target as [number, number, number, number]
        },
        stroked: true,
        lineWidthUnits: 'pixels',
        getLineWidth: 1.5,
        getLineColor: [...colours.outline, 230],
        pickable: false,
        updateTriggers: { getRadius: triggers, getFillColor: triggers, getLineColor: style.theme },
      }),
    )
    if (tile.kind === 'clusters') {
      layers.push(
        new lib.TextLayer({
          id: `labels-${id}`,
          data: clusterLabels(tile, style, decimal),
          getPosition: (label: Label) => label.position,
          getText: (label: Label) => label.text,
          characterSet: LABEL_CHARACTERS,
          getSize: 12,
          sizeUnits: 'pixels',
          fontFamily: 'system-ui, "Segoe UI", Roboto, Arial, sans-serif',
          fontWeight: 700,
          getColor: [...colours.label, 255],
          fontSettings: { sdf: true },
          outlineWidth: 3,
          outlineColor: [...colours.labelHalo, 230],
          getTextAnchor: 'middle',
          getAlignmentBaseline: 'center',
          pickable: false,
          updateTriggers: { getColor: style.theme },
        }),
      )
    }
  }
  if (highlight) {
    layers.push(
      new lib.ScatterplotLayer({
        id: 'highlight',
        data: [highlight],
        getPosition: (point: Highlight) => [point.lon, point.lat],
        radiusUnits: 'pixels',
        getRadius: 13,
        filled: false,
        stroked: true,
        lineWidthUnits: 'pixels',
        getLineWidth: 3,
        getLineColor: [...colours.highlight, 255],
        pickable: false,
        updateTriggers: { getLineColor: style.theme },
      }),
    )
  }
  return layers
}
