import { z } from 'zod';
import { wheelIdSchema } from './wheels';

/**
 * Issue 13 (4): an organiser puts the wheel on their own site in an iframe. Only the sites they
 * list may embed it; each is an origin, `http(s)://host[:port]`, nothing more (decision 017).
 */
export const EMBED_ORIGINS_MAX = 20;

export const EMBED_ORIGIN_MESSAGE =
  'Enter a site as http(s)://host or http(s)://host:port, with no path (for example https://events.example.com)';

// Letters, digits and dashes in dot-separated labels (an international name in its xn-- form)
// and an optional port: nothing that could end a CSP source list (`;`, `,`, quotes, spaces).
const ORIGIN_SHAPE =
  /^(https?):\/\/([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(?::(\d{1,5}))?$/i;
const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443 };

/**
 * One site allowed to embed a wheel, given as its origin. A trailing `/` is forgiven; the value
 * kept is the browser's own form of the origin (lower case, no default port), as a browser
 * compares it with `frame-ancestors`.
 */
export const embedOriginSchema = z
  .string()
  .trim()
  .max(300)
  .transform((value) => value.replace(/\/$/, ''))
  .refine((value) => originOf(value) !== null, EMBED_ORIGIN_MESSAGE)
  .transform((value) => originOf(value) ?? value);

/** The origin as a browser writes it; null when the value is not an origin or its port is out of range. */
function originOf(value: string): string | null {
  const [, scheme, host, port] = ORIGIN_SHAPE.exec(value) ?? [];
  if (!scheme || !host) return null;
  const lowerScheme = scheme.toLowerCase();
  const origin = `${lowerScheme}://${host.toLowerCase()}`;
  if (port === undefined) return origin;
  const number = Number(port);
  if (number < 1 || number > 65_535) return null;
  return number === DEFAULT_PORTS[lowerScheme] ? origin : `${origin}:${number}`;
}

/** The sites allowed to embed the wheel; the same site twice is kept once. */
export const embedOriginsSchema = z
  .array(embedOriginSchema)
  .max(EMBED_ORIGINS_MAX, `List at most ${EMBED_ORIGINS_MAX} sites`)
  .transform((origins) => [...new Set(origins)]);

export const embedSettingsRequestSchema = z
  .object({ allowedOrigins: embedOriginsSchema })
  .strict()
  .meta({ id: 'EmbedSettingsRequest' });
export type EmbedSettingsRequest = z.input<typeof embedSettingsRequestSchema>;

export const embedSettingsSchema = z
  .object({
    wheelId: wheelIdSchema,
    allowedOrigins: z.array(z.string()),
    /** Where the iframe points, on this server: `/embed/wheels/{wheelId}`. */
    embedPath: z.string(),
  })
  .meta({ id: 'EmbedSettings' });
export type EmbedSettings = z.infer<typeof embedSettingsSchema>;

/** The embedded wheel's page, without the site's navigation (decision 017). */
export const embedPathFor = (wheelId: string) => `/embed/wheels/${wheelId}`;

/** What the embedded page tells the page around it: its height, so the iframe fits it. */
export const EMBED_RESIZE_MESSAGE = 'wheelmeet:resize';
