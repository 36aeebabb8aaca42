import { Component, type ReactNode } from 'react'

/**
 * A map that could not load or draw (its chunk failed after a new deployment or a dropped connection, WebGL lost)
 * leaves `fallback` in its place, the server's picture or a message, and the rest of the page keeps working.
 */
export class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    console.warn('map: the map could not be loaded or drawn; what the server drew stays', error)
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
