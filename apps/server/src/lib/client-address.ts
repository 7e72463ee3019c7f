import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Which reverse proxies may tell us the client's address (X-Forwarded-For). Off by default:
 * a visitor must not choose their own address. Behind a proxy, without this every
 * per-address limit would count all visitors as the proxy's one address.
 */
export type TrustProxy =
  | false
  /** Trust this many proxy hops, whoever the immediate peer is: only when nobody reaches the server but through them. */
  | { hops: number }
  /** Trust only proxies at these addresses or networks (CIDR, or loopback / linklocal / uniquelocal). */
  | { addresses: string[] };

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Parses TRUST_PROXY: unset/false, a hop count, or a comma-separated list of addresses and CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? false : { hops };
  }
  const addresses = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  for (const address of addresses) {
    if (NAMED_RANGES.has(address)) continue;
    const [ip, bits, ...rest] = address.split('/');
    const version = isIP(ip ?? '');
    const maxBits = version === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (version === 0 || !bitsOk || rest.length > 0) {
      return `'${address}' is not an IP address, a CIDR network, loopback, linklocal or uniquelocal`;
    }
  }
  return { addresses };
}

/** The trust function Fastify and proxy-addr take, or false to ignore forwarded headers. */
export function trustFunction(trust: TrustProxy): false | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return proxyAddr.compile(trust.addresses);
}

/**
 * The client's address for a raw HTTP request (the hub's handshake), by the same rule
 * Fastify applies to `request.ip`, so HTTP and hub limits key on the same address.
 */
export function clientAddressOf(request: IncomingMessage, trust: TrustProxy): string {
  const fn = trustFunction(trust);
  if (!fn) return request.socket.remoteAddress ?? 'unknown';
  return proxyAddr(request, fn);
}
