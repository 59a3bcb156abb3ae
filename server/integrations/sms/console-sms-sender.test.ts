/** The default SMS sender: logs each message and remembers the latest one per phone. */
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { ConsoleSmsSender } from './console-sms-sender';

/** A real pino logger writing JSON lines into an array. */
function capturingLogger(): { logger: FastifyBaseLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger: logger as FastifyBaseLogger, lines };
}

describe('ConsoleSmsSender', () => {
  it('is named console', () => {
    expect(new ConsoleSmsSender().name).toBe('console');
  });

  it('remembers the latest message sent to each phone', async () => {
    const sender = new ConsoleSmsSender();
    expect(sender.lastSentTo('+15550000001')).toBeUndefined();

    const before = Date.now();
    await sender.send('+15550000001', 'first');
    await sender.send('+15550000002', 'other phone');
    await sender.send('+15550000001', 'second');

    const latest = sender.lastSentTo('+15550000001');
    expect(latest).toMatchObject({ to: '+15550000001', body: 'second' });
    expect(latest!.sentAt).toBeInstanceOf(Date);
    expect(latest!.sentAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(sender.lastSentTo('+15550000002')).toMatchObject({ body: 'other phone' });
    expect(sender.lastSentTo('+15550000003')).toBeUndefined();
  });

  it('keeps separate memories per instance', async () => {
    const a = new ConsoleSmsSender();
    const b = new ConsoleSmsSender();
    await a.send('+15550000001', 'to a');
    expect(b.lastSentTo('+15550000001')).toBeUndefined();
  });

  it('writes each message to the log, so a developer can read the code', async () => {
    const { logger, lines } = capturingLogger();
    const sender = new ConsoleSmsSender(logger);
    await sender.send('+15550000001', 'Your verification code is 123456.');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, sms: { to: '+15550000001', body: 'Your verification code is 123456.' } });
  });

  it('works without a logger', async () => {
    await expect(new ConsoleSmsSender().send('+15550000001', 'quiet')).resolves.toBeUndefined();
  });

  it('forgets the phones that have waited longest once it holds a thousand, so memory stays bounded', async () => {
    const sender = new ConsoleSmsSender();
    const phone = (i: number) => `+1555${String(i).padStart(7, '0')}`;
    for (let i = 0; i < 1000; i++) await sender.send(phone(i), `message ${i}`);
    // Sending again makes phone 0 the most recent, so phone 1 is now the oldest.
    await sender.send(phone(0), 'again');
    await sender.send(phone(1000), 'one more');

    expect(sender.lastSentTo(phone(1))).toBeUndefined();
    expect(sender.lastSentTo(phone(0))).toMatchObject({ body: 'again' });
    expect(sender.lastSentTo(phone(2))).toMatchObject({ body: 'message 2' });
    expect(sender.lastSentTo(phone(1000))).toMatchObject({ body: 'one more' });
  });
});
