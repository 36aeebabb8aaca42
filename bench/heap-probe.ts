// Loaded into a server a benchmark starts (`node --import bench/heap-probe.ts scripts/start.ts`): samples the process's
// heap and resident memory and, on SIGUSR2, writes their peaks since the last signal to HEAP_PROBE_FILE (and starts
// over), so a benchmark can measure one request from outside the process. The benchmark reads it with readHeapProbe.
import type { ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'

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

export type HeapProbe = { peakHeap: number; peakRss: number; maxRss: number; heap: number }

/** In the benchmark: the server's peaks since the last reading (sampled every 10 ms), its maxRSS and its heap now. */
export async function readHeapProbe(server: ChildProcess, probeFile: string): Promise<HeapProbe> {
  await rm(probeFile, { force: true })
  server.kill('SIGUSR2')
  for (let tries = 0; tries < 500; tries += 1) {
    const text = await readFile(probeFile, 'utf8').catch(() => '')
    if (text) return JSON.parse(text) as HeapProbe
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('the server did not report its memory')
}
