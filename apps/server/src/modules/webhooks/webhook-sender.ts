import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { DELIVERY_TIMEOUT_MS, isPrivateAddress, WEBHOOK_URL_REFUSED } from './webhook-delivery-rules';

/** Sends one webhook POST; answers the receiver's status code, or throws (network, timeout, refused address). */
export type WebhookSender = (url: string, body: string, headers: Record<string, string>) => Promise<number>;

/**
 * A DNS lookup that refuses private and loopback addresses: the check happens on the address
 * the request really connects to, so a name that resolves differently later (DNS rebinding)
 * cannot slip past a check made when subscribing.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as { address: string; family: number }[];
      const refused = !allowPrivate && list.some((entry) => isPrivateAddress(entry.address));
      if (refused || list.length === 0)
        return callback(Object.assign(new Error(WEBHOOK_URL_REFUSED), { code: 'EREFUSED' }), '', 4);
      if (options.all) return callback(null, list);
      const first = list[0] as { address: string; family: number };
      return callback(null, first.address, first.family);
    });
  };
}

/** Node's own HTTP client: no redirects followed, at most DELIVERY_TIMEOUT_MS, the answer's body ignored. */
export function createHttpWebhookSender(options: { allowPrivateAddresses: boolean }): WebhookSender {
  const lookup = guardedLookup(options.allowPrivateAddresses);
  return (url, body, headers) =>
    new Promise<number>((resolve, reject) => {
      const target = new URL(url);
      // An address written in the URL is never looked up, so it is checked here.
      const literal = target.hostname.replace(/^\[|\]$/g, '');
      if (!options.allowPrivateAddresses && isIP(literal) && isPrivateAddress(literal)) {
        reject(new Error(WEBHOOK_URL_REFUSED));
        return;
      }
      const client = target.protocol === 'https:' ? https : http;
      const request = client.request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
          lookup,
          timeout: DELIVERY_TIMEOUT_MS,
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', reject);
      request.end(body);
    });
}
