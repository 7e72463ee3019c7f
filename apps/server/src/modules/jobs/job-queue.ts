import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';

/**
 * One kind of background job (a mail, an outbox event, a webhook delivery): where its rows are,
 * how a process takes one, what doing it means and how long to wait after a failure. The loop
 * around it (`createJobQueue`) is the same for every kind (decision 030).
 */
export interface JobKind<
  Candidate extends { attempts: number },
  Claimed extends { attempts: number },
  Result = void,
  Pass = void,
> {
  /** Names the kind in logs and in `runDue`'s answer. */
  name: string;
  /** Jobs one pass takes at most; the next pass takes the rest. */
  batch: number;
  /** Attempts of one job run side by side in a pass, rather than one after another. */
  concurrent?: boolean;
  /** How long a claimed job is this process's, `attempt` being the number of the attempt it starts. */
  leaseMs(attempt: number): number;
  /** How long to wait after `attempts` failed attempts before the next; null: give up. */
  retryDelayMs(attempts: number): number | null;
  /**
   * What a pass needs before it reads the due jobs (the mail's SMTP settings), or null when they
   * must wait untouched (mail switched off). Without it a pass needs nothing.
   */
  openPass?(): Promise<Pass | null>;
  closePass?(pass: Pass): void;
  /** Jobs due at `now`, oldest first. */
  due(now: string, limit: number): Promise<Candidate[]>;
  /**
   * Takes a due job for this process with one conditional update, so of several processes exactly
   * one gets it; it is due again at `leaseUntil` in case this process stops while doing it.
   * Undefined: another process has it (or it is gone). `attempts` of the answer counts this one.
   */
  claim(candidate: Candidate, now: string, leaseUntil: string): Promise<Claimed | undefined>;
  /** Does the job; a throw is a failed attempt. */
  perform(job: Claimed, pass: Pass): Promise<Result>;
  succeeded(job: Claimed, result: Result, at: string): Promise<void>;
  /** A failed attempt: due again at `retryAt`, or given up on when null. */
  failed(job: Claimed, error: unknown, retryAt: string | null, at: string): Promise<void>;
}

export interface PassResult {
  done: number;
  failed: number;
}

/** What the jobs loop needs of a queue, whatever its kind. */
export interface JobQueue {
  name: string;
  runDue(): Promise<PassResult>;
  idle(): Promise<void>;
}

/**
 * The claim, retry and backoff loop of one kind of job. `runDue` is one pass over the due jobs;
 * `start` attempts jobs just recorded at once, without the caller waiting (and without a pass).
 */
export function createJobQueue<
  Candidate extends { attempts: number },
  Claimed extends { attempts: number },
  Result,
  Pass,
>(
  kind: JobKind<Candidate, Claimed, Result, Pass>,
  deps: { clock: Clock; log: FastifyBaseLogger },
): JobQueue & { start(candidates: readonly Candidate[]): void } {
  const { clock, log } = deps;
  const inFlight = new Set<Promise<unknown>>();
  let running: Promise<PassResult> | undefined;

  async function attempt(candidate: Candidate, pass: Pass, tally: PassResult): Promise<void> {
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + kind.leaseMs(candidate.attempts + 1)).toISOString();
    const job = await kind.claim(candidate, now.toISOString(), leaseUntil);
    if (!job) return;
    let result: Result;
    try {
      result = await kind.perform(job, pass);
    } catch (error) {
      const after = clock.now();
      const delay = kind.retryDelayMs(job.attempts);
      const retryAt = delay === null ? null : new Date(after.getTime() + delay).toISOString();
      await kind.failed(job, error, retryAt, after.toISOString());
      tally.failed += 1;
      return;
    }
    await kind.succeeded(job, result, clock.now().toISOString());
    tally.done += 1;
  }

  async function withPass(work: (pass: Pass) => Promise<void>): Promise<void> {
    const pass = kind.openPass ? await kind.openPass() : (undefined as Pass);
    if (pass === null) return;
    try {
      await work(pass);
    } finally {
      kind.closePass?.(pass);
    }
  }

  async function attemptAll(candidates: () => Promise<readonly Candidate[]>, tally: PassResult) {
    await withPass(async (pass) => {
      const due = await candidates();
      if (!kind.concurrent) {
        for (const candidate of due) await attempt(candidate, pass, tally);
        return;
      }
      // Every attempt settles before the pass ends (and `idle` resolves), even when one throws.
      const outcomes = await Promise.allSettled(due.map((candidate) => attempt(candidate, pass, tally)));
      const broken = outcomes.find((outcome) => outcome.status === 'rejected');
      if (broken) throw broken.reason;
    });
  }

  async function passOnce(): Promise<PassResult> {
    const tally = { done: 0, failed: 0 };
    await attemptAll(() => kind.due(clock.now().toISOString(), kind.batch), tally);
    return tally;
  }

  return {
    name: kind.name,

    /** One pass; a call while a pass runs waits for that pass instead of starting another. */
    runDue(): Promise<PassResult> {
      running ??= passOnce().finally(() => {
        running = undefined;
      });
      return running;
    },

    /**
     * Attempts jobs just recorded (with the change that raised them) without making the caller
     * wait; what fails or is dropped here is taken by a later pass, in any process.
     */
    start(candidates: readonly Candidate[]): void {
      const settled = attemptAll(async () => candidates, { done: 0, failed: 0 }).catch((error: unknown) =>
        log.error({ err: error, job: kind.name }, 'a job failed'),
      );
      inFlight.add(settled);
      void settled.finally(() => inFlight.delete(settled));
    },

    /** Resolves once the attempts `start` began have finished (tests, shutdown). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
