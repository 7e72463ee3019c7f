import fp from 'fastify-plugin';
import type { JobQueue, PassResult } from './job-queue';

/** How often every process looks for due jobs of each kind (queuing one also wakes its kind at once). */
export const JOBS_POLL_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs; tests run a pass by hand (`runDue`) with their own clock. */
    jobs: Jobs;
  }
}

export interface Jobs {
  /** Adds a kind of job to the loop. */
  add(queue: JobQueue): void;
  /** Work of this kind was queued: its pass runs now rather than at the next poll. */
  wake(kind: string): void;
  /** One pass of the named kind, or of every kind (their results added up). */
  runDue(kind?: string): Promise<PassResult>;
}

/**
 * The one loop of background jobs (decision 030): mails, outbox events, webhook deliveries.
 * With 'timer' every process runs a pass of each kind once it is ready (every listener has
 * subscribed by then, so events a stopped process left are published at start) and then every
 * JOBS_POLL_MS; with 'manual' (the tests' apps) nothing runs unless `runDue` is called.
 */
export const jobsModule = fp<{ mode: 'timer' | 'manual' }>(
  async (app, deps) => {
    const queues = new Map<string, JobQueue>();
    let polling = deps.mode === 'timer';

    const passOf = (queue: JobQueue) => () =>
      void queue
        .runDue()
        .catch((error: unknown) => app.log.error({ err: error, job: queue.name }, 'a pass of jobs failed'));
    const passAll = () => {
      for (const queue of queues.values()) passOf(queue)();
    };

    const jobs: Jobs = {
      add(queue) {
        queues.set(queue.name, queue);
      },
      wake(kind) {
        const queue = queues.get(kind);
        if (polling && queue) setImmediate(passOf(queue));
      },
      async runDue(kind) {
        const chosen = kind === undefined ? [...queues.values()] : [queues.get(kind)];
        const results = await Promise.all(
          chosen.map((queue) => {
            if (!queue) throw new Error(`no jobs of kind ${kind}`);
            return queue.runDue();
          }),
        );
        return results.reduce(
          (sum, one) => ({ done: sum.done + one.done, failed: sum.failed + one.failed }),
          {
            done: 0,
            failed: 0,
          },
        );
      },
    };

    if (polling) {
      let timer: NodeJS.Timeout | undefined;
      app.addHook('onReady', async () => {
        passAll();
        timer = setInterval(passAll, JOBS_POLL_MS);
        timer.unref();
      });
      app.addHook('preClose', async () => {
        polling = false;
        clearInterval(timer);
      });
    }
    app.decorate('jobs', jobs);
  },
  { name: 'jobs', dependencies: ['infrastructure'] },
);
