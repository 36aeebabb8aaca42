// The libSQL client for database files on Node (docs/decisions/012-database-writes.md).
//
// SQLite lets one connection write at a time; the server, its helper process, a CLI harvest and a harvest's store
// thread all write to the same file. This client makes that safe and fair:
// - every connection is opened by one function that applies and checks the same settings (a PRAGMA run once on a
//   pooled client reaches one of its connections only): sqlite-connection.server.ts, with one statement on one;
// - reads run on a read-only connection and never wait for writers (WAL);
// - writes run one at a time per process, each inside BEGIN IMMEDIATE taken up front, so a transaction never reads
//   a snapshot it cannot later write from (SQLITE_BUSY_SNAPSHOT); the lock is awaited without blocking the event
//   loop, for a bounded time, then DatabaseBusyError (nothing written);
// - interactive writers (the web server) go first: while one waits it holds a turnstile that background writers
//   (harvests, the demo catalogue, link checks) must pass before each of their short transactions;
// - a statement that failed with SQLITE_BUSY stays active in libsql (there is no reset), and later writes on that
//   connection then never commit: such a connection is closed and replaced, and transaction control goes through
//   exec(), which finalises its statements.

import { LibsqlError, type Client, type InArgs, type InStatement, type Replicated, type ResultSet, type Transaction, type TransactionMode } from '@libsql/client'
import { DatabaseBusyError } from './busy.server.ts'
import { Connection, ROLE_POLICIES, connectionSettings, mapError, normalise, run, type RolePolicy, type Statement, type WriterRole } from './sqlite-connection.server.ts'

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
