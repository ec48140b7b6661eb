import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_LIFETIME_MS,
  earlyUserId,
  forgetEarlyRequests,
  takeEarlyResponse,
  type EarlyRequests,
} from './early-requests.ts';

const URL_A = 'https://db.example/rest/v1/notes?id=eq.1';
let early: EarlyRequests;

beforeEach(() => {
  early = {
    userId: 'user-1',
    path: '/n/1',
    responses: { [URL_A]: Promise.resolve(new Response('[]')) },
  };
  vi.stubGlobal('window', { __sheafEarly: early });
  vi.spyOn(performance, 'now').mockReturnValue(1_000);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('early responses', () => {
  it('are taken once each, by the exact URL of a GET', async () => {
    expect(takeEarlyResponse(URL_A, { method: 'POST' })).toBeNull();
    expect(takeEarlyResponse(`${URL_A}&x=1`)).toBeNull();
    const response = takeEarlyResponse(URL_A, { method: 'GET' });
    expect(await response).toBeInstanceOf(Response);
    expect(takeEarlyResponse(URL_A)).toBeNull();
  });

  it('name the user whose session started them', () => {
    expect(earlyUserId()).toBe('user-1');
  });

  it('are dropped once the page has been open longer than their lifetime', () => {
    vi.spyOn(performance, 'now').mockReturnValue(EARLY_LIFETIME_MS + 1);
    expect(takeEarlyResponse(URL_A)).toBeNull();
    expect(earlyUserId()).toBeNull();
  });

  it('are forgotten on sign-out', () => {
    forgetEarlyRequests();
    expect(earlyUserId()).toBeNull();
    expect(takeEarlyResponse(URL_A)).toBeNull();
  });

  it('are absent where the page started none', () => {
    vi.stubGlobal('window', {});
    expect(earlyUserId()).toBeNull();
    expect(takeEarlyResponse(URL_A)).toBeNull();
  });
});
