import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { WebhookEvent, WebhookPayload } from '@wheelmeet/contracts';
import ipaddr from 'ipaddr.js';

/*
 * Webhook deliveries as plain functions (decisions 018 and 028): their ids and payloads, their
 * signature, their retry timing and which addresses a webhook may reach.
 */

/** The namespace of delivery ids (a random UUID, fixed once): RFC 9562 name-based ids under it. */
const DELIVERY_ID_NAMESPACE = Buffer.from('6f1d3c2a8b7e4f5a9c0d1e2f3a4b5c6d', 'hex');

/**
 * A delivery's id, from its webhook and what happened: a UUID version 5 (RFC 9562), so the same
 * event published twice gives the same id, and the receiver sees one event id however often it
 * is sent.
 */
export function deliveryIdOf(webhookId: string, type: string, occurrence: string): string {
  const bytes = createHash('sha1')
    .update(DELIVERY_ID_NAMESPACE)
    .update(`${webhookId}\n${type}\n${occurrence}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A webhook event a change raised: its type, the `data` its receivers get, and what happened
 * (`occurrence`: a match's id, a wheel's round), from which each delivery's id is derived.
 */
export interface WebhookOccurrence {
  wheelId: string;
  type: WebhookEvent;
  data: Record<string, unknown>;
  occurrence: string;
  /** When it happened: the payload's `createdAt`, and when the first attempt is due. */
  at: string;
}

/** The delivery of `event` to one webhook, ready to record and due at once. */
export function webhookDeliveryOf(webhookId: string, event: WebhookOccurrence) {
  const payload: WebhookPayload = {
    id: deliveryIdOf(webhookId, event.type, event.occurrence),
    type: event.type,
    createdAt: event.at,
    data: event.data,
  };
  return {
    id: payload.id,
    webhook_id: webhookId,
    event: event.type,
    payload: JSON.stringify(payload),
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: event.at,
    last_status_code: null,
    last_error: null,
    created_at: event.at,
    updated_at: event.at,
  };
}

/** Attempts per delivery, the first included; then it is marked failed. */
export const MAX_DELIVERY_ATTEMPTS = 6;
/** Wait before the second attempt; it doubles each time (10 s, 20 s, 40 s, 80 s, 160 s). */
export const FIRST_RETRY_DELAY_MS = 10_000;
/** How long one attempt may take before it counts as failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A receiver's signature older than this should be refused by it (replays); documented for receivers. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const SIGNATURE_HEADER = 'WheelMeet-Signature';

/** When the next attempt is due after `attemptsSoFar` failed ones; null: give up. */
export function nextAttemptDelayMs(attemptsSoFar: number): number | null {
  if (attemptsSoFar >= MAX_DELIVERY_ATTEMPTS) return null;
  return FIRST_RETRY_DELAY_MS * 2 ** (attemptsSoFar - 1);
}

/** Only 2xx counts as delivered. */
export const isDelivered = (statusCode: number) => statusCode >= 200 && statusCode < 300;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as Stripe signs. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1_000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** What a receiver does: checks the signature and that it is recent. Exported for tests and docs. */
export function verifySignature(secret: string, body: string, header: string, now: Date): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  if (Math.abs(now.getTime() / 1_000 - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** NAT64's well-known prefix (RFC 6052): its last 32 bits are the IPv4 address a gateway reaches. */
const NAT64_PREFIX = ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number];
/** 6to4 (RFC 3056): bits 16 to 47 are the IPv4 address of the relay the traffic goes to. */
const SIX_TO_FOUR_PREFIX = ipaddr.parseCIDR('2002::/16') as [ipaddr.IPv6, number];

function ipv4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * The IPv4 address an IPv6 address carries and leads to: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), NAT64 and 6to4. Null when it carries none.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  // :: and ::1 come out as 0.0.0.0 and 0.0.0.1, which are refused like them.
  if (parts.slice(0, 6).every((part) => part === 0))
    return ipv4FromParts(parts[6] as number, parts[7] as number);
  if (address.match(NAT64_PREFIX)) return ipv4FromParts(parts[6] as number, parts[7] as number);
  if (address.match(SIX_TO_FOUR_PREFIX)) return ipv4FromParts(parts[1] as number, parts[2] as number);
  return null;
}

/**
 * True for addresses a webhook must not reach unless the server allows it: anything but a
 * public unicast address, and an IPv6 address carrying an IPv4 one is judged by that IPv4
 * address. The ranges are ipaddr.js's (loopback, private, link-local cloud metadata,
 * carrier-grade NAT, multicast, reserved…) rather than a list of our own, which missed forms
 * such as ::7f00:9 and 64:ff9b::7f00:1. Anything not an IP address counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  // Node's strict check first: ipaddr.js would also read shorthand such as '127.1'.
  if (!isIP(address)) return true;
  const parsed = ipaddr.parse(address);
  const judged = parsed.kind() === 'ipv6' ? (embeddedIPv4(parsed as ipaddr.IPv6) ?? parsed) : parsed;
  return judged.range() !== 'unicast';
}

export const WEBHOOK_URL_REFUSED =
  'This URL points to a private or local network address, which webhooks may not reach.';
