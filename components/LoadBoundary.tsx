import { Component, type ReactNode } from 'react'

/**
 * A part of a page that could not load or draw (its chunk failed after a new deployment or a dropped connection, a
 * map's WebGL lost) leaves `fallback` in its place (the server's picture, a message with "Retry"), and the rest of
 * the page keeps working.
 */
export class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    console.warn('A part of the page could not be loaded or drawn; what stands in for it stays', error)
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
