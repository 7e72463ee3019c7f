import fs from 'node:fs';

export type FsyncFile = (fd: number) => Promise<void>;

const fsyncOnThreadPool: FsyncFile = (fd) =>
  new Promise((resolve, reject) => fs.fsync(fd, (error) => (error ? reject(error) : resolve())));

/**
 * Makes committed WAL frames durable on libuv's thread pool instead of the event loop
 * (decision 028).
 *
 * With `synchronous=NORMAL` SQLite's COMMIT only writes the WAL (about 40 µs); `synchronous=FULL`
 * adds an fsync of the WAL to it (about 1.2 ms on the development machine), and better-sqlite3
 * runs it on the event loop. This fsyncs the same file from another thread: whoever waits for
 * `sync()` is on disk exactly as FULL would have left them, while the event loop serves others.
 *
 * Syncs run one at a time. Frames written while one runs may be missed by it, so the callers of
 * that moment share the next one: under load one fsync carries every commit made during the
 * previous one.
 */
export class WalSync {
  private fd: number | undefined;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(
    private readonly walPath: string,
    private readonly fsyncFile: FsyncFile = fsyncOnThreadPool,
  ) {}

  /** Resolves once everything written to the WAL before the call is on disk. */
  sync(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.running) return this.start();
    const queued = this.running
      .catch(() => {})
      .then(() => {
        this.queued = undefined;
        return this.start();
      });
    this.queued = queued;
    return queued;
  }

  /** Waits for the syncs under way, then lets go of the file. */
  async close(): Promise<void> {
    await Promise.allSettled([this.running, this.queued]);
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  private start(): Promise<void> {
    const running = (async () => {
      // Opened at the first sync, after a commit: SQLite creates the WAL on its first write and
      // keeps it (rewinding it after checkpoints) while a connection is open, so one descriptor serves.
      this.fd ??= fs.openSync(this.walPath, 'r');
      await this.fsyncFile(this.fd);
    })().finally(() => {
      if (this.running === running) this.running = undefined;
    });
    this.running = running;
    return running;
  }
}
