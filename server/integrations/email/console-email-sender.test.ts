/** The default email sender: logs each message and remembers the latest one per address. */
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { ConsoleEmailSender } from './console-email-sender';

/** A real pino logger writing JSON lines into an array. */
function capturingLogger(): { logger: FastifyBaseLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger: logger as FastifyBaseLogger, lines };
}

const message = (to: string, text: string) => ({ to, subject: 'Your code', text });

describe('ConsoleEmailSender', () => {
  it('is named console', () => {
    expect(new ConsoleEmailSender().name).toBe('console');
  });

  it('remembers the latest message sent to each address, whatever its letter case', async () => {
    const sender = new ConsoleEmailSender();
    expect(sender.lastSentTo('a@example.com')).toBeUndefined();
    const before = Date.now();
    await sender.send(message('a@example.com', 'first'));
    await sender.send(message('b@example.com', 'other address'));
    await sender.send(message('a@example.com', 'second'));

    const latest = sender.lastSentTo('A@Example.com');
    expect(latest).toMatchObject({ to: 'a@example.com', subject: 'Your code', text: 'second' });
    expect(latest!.sentAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(sender.lastSentTo('b@example.com')).toMatchObject({ text: 'other address' });
    expect(sender.lastSentTo('c@example.com')).toBeUndefined();
  });

  it('writes each message to the log, so a developer can read the code', async () => {
    const { logger, lines } = capturingLogger();
    await new ConsoleEmailSender(logger).send(message('a@example.com', 'Your verification code is 123456.'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, email: { to: 'a@example.com', subject: 'Your code', text: 'Your verification code is 123456.' } });
  });

  it('forgets the addresses that have waited longest once it holds a thousand', async () => {
    const sender = new ConsoleEmailSender();
    const address = (i: number) => `user-${i}@example.com`;
    for (let i = 0; i < 1000; i++) await sender.send(message(address(i), `message ${i}`));
    await sender.send(message(address(0), 'again'));
    await sender.send(message(address(1000), 'one more'));
    expect(sender.lastSentTo(address(1))).toBeUndefined();
    expect(sender.lastSentTo(address(0))).toMatchObject({ text: 'again' });
    expect(sender.lastSentTo(address(1000))).toMatchObject({ text: 'one more' });
  });
});
