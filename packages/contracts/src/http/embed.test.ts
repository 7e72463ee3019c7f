import { describe, expect, it } from 'vitest';
import { embedOriginSchema, embedOriginsSchema } from './embed';

describe('sites allowed to embed a wheel', () => {
  it.each([
    ['https://events.example.com', 'https://events.example.com'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://localhost:5173/', 'http://localhost:5173'],
    ['  HTTPS://Events.Example.COM  ', 'https://events.example.com'],
    ['https://example.com:443', 'https://example.com'],
    ['http://localhost:08080', 'http://localhost:8080'],
    ['http://example.com:80', 'http://example.com'],
    ['https://xn--bcher-kva.example', 'https://xn--bcher-kva.example'],
  ])('keeps %j as the origin %j', (input, origin) => {
    expect(embedOriginSchema.parse(input)).toBe(origin);
  });

  it.each([
    'example.com',
    'ftp://example.com',
    'https://example.com/events',
    'https://example.com?x=1',
    'https://user@example.com',
    'https://*.example.com',
    "https://example.com; script-src 'unsafe-inline'",
    'https://a.com,https://b.com',
    'https://exa mple.com',
    'https://example.com:99999',
    'https://-bad.example.com',
    'http://[::1]:3000',
    'https://example.com:0',
    '',
    '*',
    "'self'",
  ])('refuses %j', (input) => {
    expect(embedOriginSchema.safeParse(input).success).toBe(false);
  });

  it('keeps the same site once and refuses more than twenty', () => {
    expect(embedOriginsSchema.parse(['https://a.example', 'https://A.example/'])).toEqual([
      'https://a.example',
    ]);
    const many = Array.from({ length: 21 }, (_, i) => `https://site${i}.example`);
    expect(embedOriginsSchema.safeParse(many).success).toBe(false);
  });
});
