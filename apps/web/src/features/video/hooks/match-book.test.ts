import { describe, expect, it } from 'vitest';
import { makeMatch } from '@/test/fixtures';
import { MatchBook } from './match-book';
import { MAX_QUEUED_CANDIDATES } from './peer-negotiation';

const MATCH = makeMatch({ status: 'Accepted', acceptedByUser1: true, acceptedByUser2: true });
const OFFER = { type: 'offer' as const, sdp: 'v=0 remote-offer' };
const CANDIDATE = { candidate: 'candidate:1', sdpMid: '0', sdpMLineIndex: 0 };

describe('MatchBook', () => {
  it('keeps an offer that overtook its match, with the candidates after it, and hands it over once', () => {
    const book = new MatchBook<string>();
    expect(book.offerArrived(MATCH.id, OFFER)).toBeUndefined();
    for (let i = 0; i <= MAX_QUEUED_CANDIDATES; i += 1) book.candidateArrived(MATCH.id, CANDIDATE);
    const early = book.takeEarlyOffer(MATCH.id);
    expect(early?.offer).toEqual(OFFER);
    expect(early?.candidates).toHaveLength(MAX_QUEUED_CANDIDATES);
    expect(book.takeEarlyOffer(MATCH.id)).toBeUndefined();
  });

  it('answers an offer for a ready match with the match and who this person is in it', () => {
    const book = new MatchBook<string>();
    book.matchReady(MATCH, 'me');
    expect(book.offerArrived(MATCH.id, OFFER)).toEqual({ match: MATCH, me: 'me' });
    expect(book.takeEarlyOffer(MATCH.id)).toBeUndefined();
  });

  it('keeps at most ten early offers, each match’s latest', () => {
    const book = new MatchBook<string>();
    for (let i = 0; i < 11; i += 1) book.offerArrived(`match-${i}`, OFFER);
    expect(book.takeEarlyOffer('match-10')).toBeUndefined();
    book.offerArrived('match-0', { ...OFFER, sdp: 'v=0 newer' });
    expect(book.takeEarlyOffer('match-0')?.offer.sdp).toBe('v=0 newer');
  });

  it('forgets a match whose call is over, and keeps nothing for it again', () => {
    const book = new MatchBook<string>();
    book.matchReady(MATCH, 'me');
    book.over(MATCH.id);
    expect(book.isOver(MATCH.id)).toBe(true);
    expect(book.ready(MATCH.id)).toBeUndefined();
    expect(book.offerArrived(MATCH.id, OFFER)).toBeUndefined();
    expect(book.takeEarlyOffer(MATCH.id)).toBeUndefined();
  });
});
