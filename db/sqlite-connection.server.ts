// One connection to a database file and one statement on it, for the file client (sqlite-file.server.ts,
// docs/decisions/012-database-writes.md): the settings each kind of connection is opened with and checked for, its
// kept prepared statements, and values, rows and errors converted to the shapes @libsql/client gives them.

import { types } from 'node:util'
import Database from 'libsql'
import { LibsqlBatchError, LibsqlError, type InArgs, type InStatement, type InValue, type ResultSet, type Row } from '@libsql/client'
import { madeBy } from '../lib/made-by.ts'

/** Interactive: a person waits for the answer. Background: harvests, the demo catalogue, link checks, the CLI. */
export type WriterRole = 'interactive' | 'background'

export type RolePolicy = {
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
export type ConnectionKind = 'reader' | 'writer' | 'turnstile'

export function connectionSettings(kind: ConnectionKind, role: WriterRole): Array<[pragma: string, value: string | number]> {
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

export class Connection {
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

export function isBusy(error: unknown): boolean {
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
export function mapError(error: unknown, statementIndex?: number): unknown {
  if (!madeBy(error, Database.SqliteError)) return error
  const sqliteError = error
  const rawCode = (sqliteError as { rawCode?: number }).rawCode
  const code = rawCode === undefined ? 'SQLITE_UNKNOWN' : (SQLITE_BASE_CODES[rawCode & 0xff] ?? `SQLITE_UNKNOWN_${rawCode & 0xff}`)
  return statementIndex === undefined
    ? new LibsqlError(sqliteError.message, code, sqliteError.code, rawCode, sqliteError)
    : new LibsqlBatchError(sqliteError.message, statementIndex, code, sqliteError.code, rawCode, sqliteError)
}

export type Statement = { sql: string; args: InArgs }

export function normalise(statement: InStatement | [string, InArgs?]): Statement {
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
export function run(connection: Connection, statement: Statement, statementIndex?: number): ResultSet {
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
