import { webhookPayloadSchema } from '@wheelmeet/contracts';
import { describe, expect, it } from 'vitest';
import {
  deliveryIdOf,
  isPrivateAddress,
  nextAttemptDelayMs,
  signatureHeader,
  verifySignature,
} from './webhook-delivery-rules';

const now = new Date('2026-11-24T10:00:00.000Z');

describe('webhook delivery rules (decisions 018 and 028)', () => {
  it('waits twice as long before each retry and gives up after six attempts', () => {
    expect([1, 2, 3, 4, 5].map(nextAttemptDelayMs)).toEqual([10_000, 20_000, 40_000, 80_000, 160_000]);
    expect(nextAttemptDelayMs(6)).toBeNull();
  });

  it('gives a delivery the same id each time its event is published, and another event or webhook another id', () => {
    const webhook = '0b0f3a52-51d9-4c4f-a1f4-7ad0a2d8c0de';
    const id = deliveryIdOf(webhook, 'match.accepted', 'match-1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // A receiver validating the payload's id as a UUID accepts it.
    expect(
      webhookPayloadSchema.safeParse({ id, type: 'match.accepted', createdAt: now.toISOString(), data: {} })
        .success,
    ).toBe(true);
    expect(deliveryIdOf(webhook, 'match.accepted', 'match-1')).toBe(id);
    const others = [
      deliveryIdOf(webhook, 'match.accepted', 'match-2'),
      deliveryIdOf(webhook, 'connection.made', 'match-1'),
      deliveryIdOf('8e5b1c7d-2f4a-4b6e-9d3c-1a2b3c4d5e6f', 'match.accepted', 'match-1'),
    ];
    expect(new Set([id, ...others]).size).toBe(4);
  });

  it('signs as t=…,v1=… and a receiver verifies it only with the secret, within five minutes', () => {
    const header = signatureHeader('whsec_s', '{"a":1}', now);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature('whsec_s', '{"a":1}', header, now)).toBe(true);
    expect(verifySignature('whsec_other', '{"a":1}', header, now)).toBe(false);
    expect(verifySignature('whsec_s', '{"a":2}', header, now)).toBe(false);
    expect(verifySignature('whsec_s', '{"a":1}', header, new Date(now.getTime() + 301_000))).toBe(false);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private network'],
    ['172.16.5.4', 'private network'],
    ['192.168.1.1', 'private network'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['0.0.0.0', 'unspecified'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['198.18.0.1', 'benchmarking'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'unique local'],
    ['fe80::1', 'IPv6 link-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, written in hex'],
    ['::7f00:9', 'IPv4-compatible loopback'],
    ['::127.0.0.1', 'IPv4-compatible loopback, dotted'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::a00:1', 'NAT64 of a private network'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:a9fe:a9fe::1', '6to4 of cloud metadata'],
    ['not-an-ip', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    ['93.184.216.34', 'public IPv4'],
    ['172.32.0.1', 'public IPv4 just past 172.16.0.0/12'],
    ['2606:4700::1111', 'public IPv6'],
    ['2606:4700:4700::1111', 'public IPv6'],
    ['64:ff9b::5db8:d822', 'NAT64 of a public IPv4'],
    ['::ffff:93.184.216.34', 'IPv4-mapped public IPv4'],
    ['2002:5db8:d822::1', '6to4 of a public IPv4'],
  ])('allows %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});
