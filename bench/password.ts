// Time to hash and to verify one password with the production scrypt parameters (N=2^14, r=8, p=5).
import { performance } from 'node:perf_hooks'
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from '../server/auth/password.server.ts'

const RUNS = Number(process.env.BENCH_PASSWORD_RUNS ?? 10)
const hashTimes: number[] = []
const verifyTimes: number[] = []
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now()
  const hash = await hashPassword(`benchmark passphrase ${i}`)
  hashTimes.push(performance.now() - t0)
  const t1 = performance.now()
  await verifyPassword(`benchmark passphrase ${i}`, hash)
  verifyTimes.push(performance.now() - t1)
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const memoryMiB = (128 * SCRYPT_PARAMS.N * SCRYPT_PARAMS.r) / 1024 / 1024
console.log(`password (scrypt N=${SCRYPT_PARAMS.N} r=${SCRYPT_PARAMS.r} p=${SCRYPT_PARAMS.p}, ${memoryMiB} MiB, ${RUNS} runs on Node)`)
console.log(`  hash   median ${median(hashTimes).toFixed(0)} ms`)
console.log(`  verify median ${median(verifyTimes).toFixed(0)} ms`)
