/**
 * The server's clock for what the merchant's screens count from now: its "today" and the charts' days in its time
 * zone (ADR 039). The system's time in production; outside production a clock that PUT /api/dev/clock can fix at a
 * given time, so that a browser journey sees a merchant's day turn at its midnight. API tests hand buildApp a clock
 * of their own.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The system's time until `set` fixes it; `set(null)` lets it run with the system again. Development only. */
export class SettableClock implements Clock {
  private fixed: Date | null = null;

  now(): Date {
    return this.fixed ? new Date(this.fixed.getTime()) : new Date();
  }

  set(at: Date | null): void {
    this.fixed = at ? new Date(at.getTime()) : null;
  }

  get isFixed(): boolean {
    return this.fixed !== null;
  }
}
