import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { messageOf } from './message-of';

const refusal = (status: number, body: string) => new ApiError(status, body, '');

describe('messageOf', () => {
  it("says a refusal's own words: a 4xx whose body carries a message", () => {
    expect(messageOf(refusal(409, '{"message":"Sold out"}'), 'Checkout failed')).toBe('Sold out');
    expect(messageOf(refusal(400, '{"message":"priceCents: is too large"}'), 'Saving failed')).toBe('priceCents: is too large');
    expect(messageOf(refusal(404, 'Not found'), 'Failed')).toBe('Not found');
  });

  it('falls back for anything else: no message, an HTML page, a server failure, no answer at all', () => {
    expect(messageOf(refusal(409, '{"message":"  "}'), 'Checkout failed')).toBe('Checkout failed');
    expect(messageOf(refusal(413, '<html>Too large</html>'), 'Upload failed')).toBe('Upload failed');
    expect(messageOf(refusal(500, '{"message":"Internal server error"}'), 'Try again')).toBe('Try again');
    expect(messageOf(refusal(503, '{"message":"Service unavailable"}'), 'Try again')).toBe('Try again');
    expect(messageOf(new TypeError('Failed to fetch'), 'Network error')).toBe('Network error');
    expect(messageOf(undefined, 'Failed')).toBe('Failed');
  });

  it("reads a 502's message, the payment provider's answer, only where asked to", () => {
    const provider = refusal(502, '{"message":"The payment provider refused the refund"}');
    expect(messageOf(provider, 'Refund failed')).toBe('Refund failed');
    expect(messageOf(provider, 'Refund failed', { providerAnswer: true })).toBe('The payment provider refused the refund');
    expect(messageOf(refusal(500, '{"message":"boom"}'), 'Refund failed', { providerAnswer: true })).toBe('Refund failed');
  });
});
