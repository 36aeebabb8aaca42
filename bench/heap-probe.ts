// Loaded into a server a benchmark starts (`node --import bench/heap-probe.ts scripts/start.ts`): samples the process's
// heap and resident memory and, on SIGUSR2, writes their peaks since the last signal to HEAP_PROBE_FILE (and starts
// over), so a benchmark can measure one request from outside the process.
import { writeFileSync } from 'node:fs'

const file = process.env.HEAP_PROBE_FILE
if (file) {
  let peakHeap = 0
  let peakRss = 0
  const sample = () => {
    const now = process.memoryUsage()
    peakHeap = Math.max(peakHeap, now.heapUsed)
    peakRss = Math.max(peakRss, now.rss)
  }
  setInterval(sample, 10).unref()
  process.on('SIGUSR2', () => {
    sample()
    writeFileSync(file, JSON.stringify({ peakHeap, peakRss, maxRss: process.resourceUsage().maxRSS * 1024, heap: process.memoryUsage().heapUsed }))
    peakHeap = 0
    peakRss = 0
  })
}
