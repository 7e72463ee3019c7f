import { z } from 'zod';

export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/**
 * GET /api/config: what the browser needs at run time. TURN credentials appear only for a
 * participant (bearer participant token) and expire; no long-lived secret is ever sent.
 */
export const clientConfigSchema = z
  .object({
    iceServers: z.array(iceServerSchema),
    payments: z.object({
      mode: z.enum(['stripe', 'test']),
      publishableKey: z.string().nullable(),
    }),
    rounds: z.object({
      defaultRoundSeconds: z.number().int().positive(),
      spinAnimationMs: z.number().int().positive(),
      resetMs: z.number().int().positive(),
    }),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof clientConfigSchema>;
