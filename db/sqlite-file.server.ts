// The libSQL client for database files on Node (docs/decisions/012-database-writes.md).
//
// SQLite lets one connection write at a time; the server, its helper process, a CLI harvest and a harvest's store
// thread all write to the same file. This client makes that safe and fair:
// - every connection is opened by one function that applies and checks the same settings (a PRAGMA run once on a
//   pooled client reaches one of its connections only);
// - reads run on a read-only connection and never wait for writers (WAL);
// - writes run one at a time per process, each inside BEGIN IMMEDIATE taken up front, so a transaction never reads
//   a snapshot it cannot later write from (SQLITE_BUSY_SNAPSHOT); the lock is awaited without blocking the event
//   loop, for a bounded time, then DatabaseBusyError (nothing written);
// - interactive writers (the web server) go first: while one waits it holds a turnstile that background writers
//   (harvests, the demo catalogue, link checks) must pass before each of their short transactions;
// - a statement that failed with SQLITE_BUSY stays active in libsql (there is no reset), and later writes on that
//   connection then never commit: such a connection is closed and replaced, and transaction control goes through
//   exec(), which finalises its statements.

import { types } from 'node:util'
import Database from 'libsql'
import {
  LibsqlBatchError,
  LibsqlError,
  type Client,
  type InArgs,
  type InStatement,
  type InValue,
  type Replicated,
  type ResultSet,
  type Row,
  type Transaction,
  type TransactionMode,
} from '@libsql/client'
import { madeBy } from '../lib/made-by.ts'
import { DatabaseBusyError } from './busy.server.ts'

/** Interactive: a person waits for the answer. Background: harvests, the demo catalogue, link checks, the CLI. */
export type WriterRole = 'interactive' | 'background'

type RolePolicy = {
  /** How long a write waits for the lock before giving up with DatabaseBusyError. */
  lockWaitMs: number
  /** Pause between attempts while the lock is taken, growing to maxPollMs. */
  firstPollMs: number
  maxPollMs: number
  /** FULL: a commit is on disk before the answer (an acknowledged user write survives power loss). NORMAL: fsync at checkpoints only, safe with WAL against crashes, much faster for bulk writes. */
  synchronous: 'FULL' | 'NORMAL'
}

export const ROLE_POLICIES: Record<WriterRole, RolePolicy> = {
  // A person is waiting: poll every millisecond, give up after 5 s with a 503 rather than hang.
  interactive: { lockWaitMs: 5_000, firstPollMs: 1, maxPollMs: 2, synchronous: 'FULL' },
  // Nobody waits on a harvest slice: back off to 20 ms, and keep trying for two minutes before the job fails
  // (it resumes from its checkpoint).
  background: { lockWaitMs: 120_000, firstPollMs: 2, maxPollMs: 20, synchronous: 'NORMAL' },
}

/** Settings every connection gets, applied and read back when it is opened. */
type ConnectionKind = 'reader' | 'writer' | 'turnstile'

function connectionSettings(kind: ConnectionKind, role: WriterRole): Array<[pragma: string, value: string | number]> {
  if (kind === 'turnstile') return [['busy_timeout', 0]]
  return [
    // Readers never wait for writers in WAL mode; a short timeout covers WAL recovery after a crash. Writers poll
    // for the lock themselves, without blocking the event loop, so SQLite's own busy handler stays off for them.
    ['busy_timeout', kind === 'reader' ? 250 : 0],
    ['journal_mode', 'wal'],
    ['synchronous', kind === 'writer' ? ROLE_POLICIES[role].synchronous : 'NORMAL'],
    // 64 MiB of page cache (the default is 2 MiB): harvest writes land all over the indexes of a large snapshot.
    ['cache_size', -65_536],
    // Checkpoint the WAL every ~160 MiB instead of every 4 MiB: each checkpoint costs an fsync, and a harvest rewrites
    // the same index pages in commit after commit, which a checkpoint copies once (decision 020: at 100,000 datasets
    // 40 MiB took about 10% longer; people's writes during a harvest were as fast or faster). The WAL file keeps its
    // largest size on disk.
    ['wal_autocheckpoint', 40_000],
    ['foreign_keys', 1],
    // The reader refuses writes, so a statement sent there by mistake fails instead of writing around the lock.
    ['query_only', kind === 'reader' ? 1 : 0],
  ]
}

const SYNCHRONOUS_LEVELS: Record<string, number> = { OFF: 0, NORMAL: 1, FULL: 2, EXTRA: 3 }

function expected(value: string | number): string {
  return typeof value === 'string' && value in SYNCHRONOUS_LEVELS ? String(SYNCHRONOUS_LEVELS[value]) : String(value)
}

/** Prepared statements kept per connection, the least recently prepared dropped first. */
const STATEMENT_CACHE_SIZE = 256

class Connection {
  readonly db: Database.Database
  /** Set when a statement failed in a way that may leave it active; the connection is replaced after the unit of work. */
  tainted = false

  readonly path: string
  readonly kind: ConnectionKind
  readonly #statements = new Map<string, Database.Statement>()

  constructor(path: string, kind: ConnectionKind, role: WriterRole) {
    this.path = path
    this.kind = kind
    this.db = new Database(path)
    try {
      for (const [pragma, value] of connectionSettings(kind, role)) {
        this.db.exec(`PRAGMA ${pragma} = ${value}`)
        const actual = this.pragma(pragma)
        if (actual.toLowerCase() !== expected(value).toLowerCase()) {
          throw new Error(`PRAGMA ${pragma} is ${actual} on a new ${kind} connection to ${path}, expected ${value}`)
        }
      }
    } catch (error) {
      this.db.close()
      throw error
    }
  }

  pragma(name: string): string {
    const row = this.db.prepare(`PRAGMA ${name}`).raw(true).all() as unknown[][]
    return String(row[0]?.[0] ?? '')
  }

  /** Runs transaction control through exec(), which finalises its statements even when they fail. */
  tryExec(sql: string): boolean {
    try {
      this.db.exec(sql)
      return true
    } catch (error) {
      if (isBusy(error)) return false
      throw mapError(error)
    }
  }

  /**
   * The prepared statement for this SQL text. Statements that return no rows (the bulk writes) are kept for the next
   * time: harvest slices repeat a few long multi-row INSERTs of thousands of placeholders, and parsing them anew for
   * every slice cost the writer about a tenth of its time (docs/decisions/020-harvest-speed.md). Kept per
   * connection, so a replaced connection starts afresh; SQLite prepares a kept statement again itself when the schema
   * changed.
   */
  prepare(sql: string): Database.Statement {
    const cached = this.#statements.get(sql)
    if (cached) return cached
    const prepared = this.db.prepare(sql)
    if (prepared.reader) return prepared
    if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value!)
    this.#statements.set(sql, prepared)
    return prepared
  }

  /** A statement that failed is prepared afresh next time, whatever state the driver left it in. */
  forget(sql: string): void {
    this.#statements.delete(sql)
  }

  close(): void {
    this.#statements.clear()
    try {
      if (this.db.open) this.db.close()
    } catch {
      // nothing useful to do while discarding it
    }
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
}

const SQLITE_BASE_CODES: Record<number, string> = {
  1: 'SQLITE_ERROR', 2: 'SQLITE_INTERNAL', 3: 'SQLITE_PERM', 4: 'SQLITE_ABORT', 5: 'SQLITE_BUSY', 6: 'SQLITE_LOCKED',
  7: 'SQLITE_NOMEM', 8: 'SQLITE_READONLY', 9: 'SQLITE_INTERRUPT', 10: 'SQLITE_IOERR', 11: 'SQLITE_CORRUPT',
  12: 'SQLITE_NOTFOUND', 13: 'SQLITE_FULL', 14: 'SQLITE_CANTOPEN', 15: 'SQLITE_PROTOCOL', 16: 'SQLITE_EMPTY',
  17: 'SQLITE_SCHEMA', 18: 'SQLITE_TOOBIG', 19: 'SQLITE_CONSTRAINT', 20: 'SQLITE_MISMATCH', 21: 'SQLITE_MISUSE',
  22: 'SQLITE_NOLFS', 23: 'SQLITE_AUTH', 24: 'SQLITE_FORMAT', 25: 'SQLITE_RANGE', 26: 'SQLITE_NOTADB',
}

/** Driver errors keep the shape @libsql/client gives them (code, extendedCode, rawCode), so callers see no difference. */
function mapError(error: unknown, statementIndex?: number): unknown {
  if (!madeBy(error, Database.SqliteError)) return error
  const sqliteError = error
  const rawCode = (sqliteError as { rawCode?: number }).rawCode
  const code = rawCode === undefined ? 'SQLITE_UNKNOWN' : (SQLITE_BASE_CODES[rawCode & 0xff] ?? `SQLITE_UNKNOWN_${rawCode & 0xff}`)
  return statementIndex === undefined
    ? new LibsqlError(sqliteError.message, code, sqliteError.code, rawCode, sqliteError)
    : new LibsqlBatchError(sqliteError.message, statementIndex, code, sqliteError.code, rawCode, sqliteError)
}

type Statement = { sql: string; args: InArgs }

function normalise(statement: InStatement | [string, InArgs?]): Statement {
  if (typeof statement === 'string') return { sql: statement, args: [] }
  if (Array.isArray(statement)) return { sql: statement[0], args: statement[1] ?? [] }
  return { sql: statement.sql, args: statement.args ?? [] }
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER)
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)

function toSql(value: InValue): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError('Only finite numbers (not Infinity or NaN) can be passed as arguments')
  if (typeof value === 'boolean') return value ? 1 : 0
  if (types.isDate(value)) return value.valueOf()
  if (types.isArrayBuffer(value)) return Buffer.from(value)
  if (value === undefined) throw new TypeError('undefined cannot be passed as argument to the database')
  return value
}

function fromSql(value: unknown): unknown {
  if (typeof value === 'bigint') {
    if (value < MIN_SAFE || value > MAX_SAFE) throw new RangeError('Received integer which cannot be safely represented as a JavaScript number')
    return Number(value)
  }
  if (Buffer.isBuffer(value)) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength)
  return value
}

function bindArgs(args: InArgs): unknown {
  if (Array.isArray(args)) return args.map(toSql)
  // Named parameters: `:name`, `@name` and `$name` all bind to `name`.
  const named: Record<string, unknown> = Object.create(null) as Record<string, unknown>
  for (const [key, value] of Object.entries(args)) named[/^[:@$]/.test(key) ? key.slice(1) : key] = toSql(value)
  return named
}

function makeRow(values: unknown[], columns: string[]): Row {
  const row = {} as Row
  Object.defineProperty(row, 'length', { value: values.length })
  values.forEach((value, index) => {
    Object.defineProperty(row, index, { value })
    const column = columns[index]!
    if (!Object.hasOwn(row, column)) Object.defineProperty(row, column, { value, enumerable: true, configurable: true, writable: true })
  })
  return row
}

function resultSet(columns: string[], columnTypes: string[], rows: Row[], rowsAffected: number, lastInsertRowid: bigint | undefined): ResultSet {
  return {
    columns,
    columnTypes,
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({ columns, columnTypes, rows: rows.map((row) => Array.prototype.slice.call(row)), rowsAffected, lastInsertRowid: lastInsertRowid?.toString() ?? null }),
  }
}

/** One statement on one connection, with the result in @libsql/client's shape. */
function run(connection: Connection, statement: Statement, statementIndex?: number): ResultSet {
  try {
    const prepared = connection.prepare(statement.sql)
    prepared.safeIntegers(true)
    const args = bindArgs(statement.args)
    if (prepared.reader) {
      prepared.raw(true)
      const columnInfo = prepared.columns()
      const columns = columnInfo.map((column) => column.name)
      const rows = (prepared.all(args) as unknown[][]).map((values) => makeRow(values.map(fromSql), columns))
      return resultSet(columns, columnInfo.map((column) => column.type ?? ''), rows, 0, undefined)
    }
    const info = prepared.run(args)
    return resultSet([], [], [], info.changes, BigInt(info.lastInsertRowid))
  } catch (error) {
    connection.forget(statement.sql)
    // A busy statement stays active and would keep this connection's later writes from committing.
    if (isBusy(error)) connection.tainted = true
    throw mapError(error, statementIndex)
  }
}

/** Whether a statement only reads, by its first keyword; anything else takes the write path (always correct). */
export function isReadOnlySql(sql: string): boolean {
  const text = sql.replace(/^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/, '')
  const keyword = /^[a-z]+/i.exec(text)?.[0]?.toLowerCase()
  if (keyword === 'select' || keyword === 'values' || keyword === 'explain') return true
  if (keyword === 'with') return !/\b(insert|update|delete|replace)\b/i.test(text)
  return false
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** A FIFO lock for this process's one writer connection. */
class Mutex {
  #tail: Promise<void> = Promise.resolve()

  async acquire(): Promise<() => void> {
    let release!: () => void
    const previous = this.#tail
    this.#tail = new Promise<void>((resolve) => {
      release = resolve
    })
    await previous
    return release
  }
}

export type WriteLockStats = { writes: number; waited: number; maxWaitMs: number; maxHoldMs: number; busyErrors: number }

/**
 * The database at a `file:` URL as a libSQL `Client` for drizzle: one reader connection, one writer connection and
 * the turnstile, all opened by `Connection` with the same settings.
 */
export class SqliteFileClient implements Client {
  readonly protocol = 'file'
  closed = false
  readonly stats: WriteLockStats = { writes: 0, waited: 0, maxWaitMs: 0, maxHoldMs: 0, busyErrors: 0 }
  readonly #path: string
  readonly #role: WriterRole
  readonly #policy: RolePolicy
  readonly #memory: boolean
  #reader: Connection
  #writer: Connection
  #turnstile: Connection | null
  readonly #mutex = new Mutex()

  /** `lockWaitMs` overrides the role's bound on waiting for the lock (tests). */
  constructor(path: string, role: WriterRole, options: { lockWaitMs?: number } = {}) {
    this.#path = path
    this.#role = role
    this.#policy = { ...ROLE_POLICIES[role], ...(options.lockWaitMs === undefined ? {} : { lockWaitMs: options.lockWaitMs }) }
    this.#memory = path === ':memory:' || path.startsWith('file::memory:')
    this.#writer = new Connection(path, 'writer', role)
    // An in-memory database exists on one connection only.
    this.#reader = this.#memory ? this.#writer : new Connection(path, 'reader', role)
    this.#turnstile = this.#memory ? null : new Connection(`${path}-turnstile`, 'turnstile', role)
  }

  get role(): WriterRole {
    return this.#role
  }

  /** What each connection runs with, read back from SQLite (for tests and diagnostics). */
  settings(): Record<'reader' | 'writer', Record<string, string>> {
    const read = (connection: Connection) =>
      Object.fromEntries(connectionSettings(connection.kind, this.#role).map(([pragma]) => [pragma, connection.pragma(pragma)]))
    return { reader: read(this.#reader), writer: read(this.#writer) }
  }

  async execute(statementOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
    this.#checkOpen()
    const statement = typeof statementOrSql === 'string' ? { sql: statementOrSql, args: args ?? [] } : normalise(statementOrSql)
    if (/^\s*pragma\b/i.test(statement.sql)) return this.#pragma(statement)
    if (isReadOnlySql(statement.sql)) {
      try {
        return this.#read((connection) => run(connection, statement))
      } catch (error) {
        // Classified as a read but it writes (a function with side effects, say): the write path is always right.
        if ((error as { code?: string }).code !== 'SQLITE_READONLY') throw error
      }
    }
    const [result] = await this.#write((connection) => [run(connection, statement)])
    return result!
  }

  async batch(statements: Array<InStatement | [string, InArgs?]>, mode: TransactionMode = 'deferred'): Promise<ResultSet[]> {
    this.#checkOpen()
    const normalised = statements.map(normalise)
    if (mode === 'read') {
      return this.#read((connection) => {
        connection.tryExec('BEGIN DEFERRED')
        try {
          return normalised.map((statement, index) => run(connection, statement, index))
        } finally {
          connection.tryExec('ROLLBACK')
        }
      })
    }
    return this.#write((connection) => normalised.map((statement, index) => run(connection, statement, index)))
  }

  async migrate(statements: InStatement[]): Promise<ResultSet[]> {
    this.#checkOpen()
    const normalised = statements.map(normalise)
    const release = await this.#mutex.acquire()
    try {
      this.#writer.db.exec('PRAGMA foreign_keys = OFF')
      try {
        return await this.#inWriteTransaction((connection) => normalised.map((statement, index) => run(connection, statement, index)))
      } finally {
        this.#writer.db.exec('PRAGMA foreign_keys = ON')
      }
    } finally {
      release()
    }
  }

  async executeMultiple(sql: string): Promise<void> {
    this.#checkOpen()
    await this.#write((connection) => {
      connection.db.exec(sql)
      return []
    })
  }

  async transaction(mode: TransactionMode = 'write'): Promise<Transaction> {
    this.#checkOpen()
    if (mode === 'read') return this.#readTransaction()
    const release = await this.#mutex.acquire()
    let lease: Lease
    try {
      lease = await this.#begin()
    } catch (error) {
      release()
      throw error
    }
    return this.#transactionObject(this.#writer, {
      commit: () => this.#end(lease, true),
      rollback: () => this.#end(lease, false),
      settle: release,
    })
  }

  async sync(): Promise<Replicated> {
    return undefined
  }

  reconnect(): void {
    this.close()
    this.closed = false
    this.#writer = new Connection(this.#path, 'writer', this.#role)
    this.#reader = this.#memory ? this.#writer : new Connection(this.#path, 'reader', this.#role)
    this.#turnstile = this.#memory ? null : new Connection(`${this.#path}-turnstile`, 'turnstile', this.#role)
  }

  close(): void {
    this.closed = true
    this.#reader.close()
    this.#writer.close()
    this.#turnstile?.close()
  }

  #checkOpen(): void {
    if (this.closed) throw new LibsqlError('The client is closed', 'CLIENT_CLOSED')
  }

  #read<T>(work: (connection: Connection) => T): T {
    const connection = this.#reader
    try {
      return work(connection)
    } finally {
      if (connection.tainted && connection !== this.#writer) {
        connection.close()
        this.#reader = new Connection(this.#path, 'reader', this.#role)
      }
    }
  }

  /** A PRAGMA that sets something is applied to every connection; one that reads asks the writer's. */
  async #pragma(statement: Statement): Promise<ResultSet> {
    if (statement.sql.includes('=')) {
      const release = await this.#mutex.acquire()
      try {
        const connections = new Set([this.#writer, this.#reader])
        let result: ResultSet | undefined
        for (const connection of connections) result = run(connection, statement)
        return result!
      } finally {
        release()
      }
    }
    const release = await this.#mutex.acquire()
    try {
      return run(this.#writer, statement)
    } finally {
      release()
    }
  }

  async #write(work: (connection: Connection) => ResultSet[]): Promise<ResultSet[]> {
    const release = await this.#mutex.acquire()
    try {
      return await this.#inWriteTransaction(work)
    } finally {
      release()
    }
  }

  async #inWriteTransaction(work: (connection: Connection) => ResultSet[]): Promise<ResultSet[]> {
    const lease = await this.#begin()
    let committed = false
    try {
      const results = work(this.#writer)
      this.#end(lease, true)
      committed = true
      return results
    } finally {
      if (!committed) this.#end(lease, false)
    }
  }

  /** Takes the write lock (BEGIN IMMEDIATE) for this role; the caller holds the mutex. */
  async #begin(): Promise<Lease> {
    const started = performance.now()
    const deadline = started + this.#policy.lockWaitMs
    const writer = this.#writer
    let pollMs = this.#policy.firstPollMs
    let turnstileHeld = false
    let attempts = 0
    try {
      for (;;) {
        attempts++
        if (this.#role === 'interactive') {
          if (this.#tryBegin(writer)) break
          // Waiting: hold the turnstile so that background writers stop after their current transaction.
          if (!turnstileHeld && this.#turnstile) turnstileHeld = this.#turnstile.tryExec('BEGIN IMMEDIATE')
        } else if (this.#turnstileFree() && this.#tryBegin(writer)) {
          break
        }
        if (performance.now() >= deadline) {
          this.stats.busyErrors++
          throw new DatabaseBusyError(performance.now() - started)
        }
        await sleep(pollMs)
        pollMs = Math.min(pollMs * 2, this.#policy.maxPollMs)
      }
    } catch (error) {
      if (turnstileHeld) this.#turnstile?.tryExec('ROLLBACK')
      throw error
    }
    const waitedMs = performance.now() - started
    this.stats.writes++
    if (attempts > 1) this.stats.waited++
    this.stats.maxWaitMs = Math.max(this.stats.maxWaitMs, waitedMs)
    return { since: performance.now(), turnstileHeld }
  }

  /** BEGIN IMMEDIATE: false while another connection holds the lock; a connection in a broken state is replaced. */
  #tryBegin(writer: Connection): boolean {
    try {
      return writer.tryExec('BEGIN IMMEDIATE')
    } catch (error) {
      writer.close()
      this.#writer = new Connection(this.#path, 'writer', this.#role)
      if (this.#memory) this.#reader = this.#writer
      throw error
    }
  }

  /** Background writers pass the turnstile (take it and give it back) before each transaction. */
  #turnstileFree(): boolean {
    const turnstile = this.#turnstile
    if (!turnstile) return true
    if (!turnstile.tryExec('BEGIN IMMEDIATE')) return false
    turnstile.tryExec('ROLLBACK')
    return true
  }

  /** Commits or rolls back the writer's transaction, gives back the turnstile, replaces a tainted connection. */
  #end(lease: Lease, commit: boolean): void {
    const writer = this.#writer
    try {
      if (commit) {
        writer.db.exec('COMMIT')
      } else if (writer.db.inTransaction) {
        writer.db.exec('ROLLBACK')
      }
    } catch (error) {
      writer.tainted = true
      try {
        if (writer.db.inTransaction) writer.db.exec('ROLLBACK')
      } catch {
        // replaced below
      }
      throw mapError(error)
    } finally {
      this.stats.maxHoldMs = Math.max(this.stats.maxHoldMs, performance.now() - lease.since)
      if (lease.turnstileHeld) this.#turnstile?.tryExec('ROLLBACK')
      if (writer.tainted) {
        writer.close()
        this.#writer = new Connection(this.#path, 'writer', this.#role)
        if (this.#memory) this.#reader = this.#writer
      }
    }
  }

  async #readTransaction(): Promise<Transaction> {
    // A read transaction spans awaits, so it gets a connection of its own rather than the shared reader.
    const connection = this.#memory ? this.#reader : new Connection(this.#path, 'reader', this.#role)
    connection.db.exec('BEGIN DEFERRED')
    const finish = () => {
      if (connection.db.open && connection.db.inTransaction) connection.tryExec('ROLLBACK')
      if (connection !== this.#reader) connection.close()
    }
    return this.#transactionObject(connection, { commit: finish, rollback: finish, settle: () => undefined })
  }

  #transactionObject(connection: Connection, end: { commit: () => void; rollback: () => void; settle: () => void }): Transaction {
    let open = true
    const check = () => {
      if (!open) throw new LibsqlError('The transaction is closed', 'TRANSACTION_CLOSED')
    }
    const finish = (how: () => void) => {
      if (!open) return
      open = false
      try {
        how()
      } finally {
        end.settle()
      }
    }
    return {
      execute: async (statement: InStatement) => {
        check()
        return run(connection, normalise(statement))
      },
      batch: async (statements: InStatement[]) => {
        check()
        return statements.map((statement, index) => run(connection, normalise(statement), index))
      },
      executeMultiple: async (sql: string) => {
        check()
        connection.db.exec(sql)
      },
      commit: async () => finish(end.commit),
      rollback: async () => finish(end.rollback),
      close: () => finish(end.rollback),
      get closed() {
        return !open
      },
    }
  }
}

type Lease = { since: number; turnstileHeld: boolean }

/** The file path a `file:` URL names (`file:./data/x.db`, `file:/abs/x.db`, `file:///abs/x.db`). */
export function pathOfFileUrl(url: string): string {
  const rest = url.slice('file:'.length)
  const withoutQuery = rest.split('?')[0]!
  if (withoutQuery.startsWith('//')) {
    const afterAuthority = withoutQuery.slice(2)
    const slash = afterAuthority.indexOf('/')
    const host = slash === -1 ? afterAuthority : afterAuthority.slice(0, slash)
    if (host !== '' && host !== 'localhost') throw new Error(`Invalid host in file URL: ${url}`)
    return decodeURIComponent(slash === -1 ? '/' : afterAuthority.slice(slash))
  }
  return decodeURIComponent(withoutQuery)
}
