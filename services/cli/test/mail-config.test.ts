import { Writable } from 'node:stream';
import { OutboxMailer, SmtpMailer } from '@healthtal/api';
import pg from 'pg';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { createMailer, DEFAULT_MAIL_FROM, mailSettings } from '../src/mail';

const settingsOf = (env: Record<string, string>) => mailSettings(loadConfig(env));

describe('mail settings from the environment', () => {
  it('keeps mail in the outbox, from HealthTal, when nothing is set', () => {
    expect(settingsOf({})).toEqual({ from: DEFAULT_MAIL_FROM, smtp: null });
    expect(DEFAULT_MAIL_FROM).toBe('HealthTal <no-reply@healthtal.test>');
  });

  it('sends through SMTP_URL, from MAIL_FROM', () => {
    expect(
      settingsOf({ SMTP_URL: 'smtps://u:p%40ss@mail.example.org:465', MAIL_FROM: ' ops@healthtal.example ' }),
    ).toEqual({ from: 'ops@healthtal.example', smtp: { url: 'smtps://u:p%40ss@mail.example.org:465' } });
  });

  it('builds the server from its parts, with the port that goes with TLS or not', () => {
    expect(settingsOf({ SMTP_HOST: 'mail.example.org', SMTP_USER: 'u', SMTP_PASSWORD: 'p' }).smtp).toEqual({
      host: 'mail.example.org',
      port: 587,
      secure: false,
      user: 'u',
      password: 'p',
    });
    expect(settingsOf({ SMTP_HOST: 'mail.example.org', SMTP_SECURE: 'true' }).smtp).toEqual({
      host: 'mail.example.org',
      port: 465,
      secure: true,
    });
    expect(settingsOf({ SMTP_HOST: 'relay', SMTP_PORT: '2525', SMTP_SECURE: '0' }).smtp).toMatchObject({
      port: 2525,
      secure: false,
    });
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.org'],
    ['SMTP_PORT', 'twenty-five'],
    ['SMTP_SECURE', 'yes please'],
    ['MAIL_FROM', 'not an address'],
    ['MAIL_FROM', 'HealthTal <no-reply>'],
  ])('stops the start on a bad %s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it.each([
    [{ SMTP_URL: 'smtp://mail.example.org', SMTP_HOST: 'other' }, /leave out SMTP_HOST/],
    [{ SMTP_URL: 'smtp://mail.example.org', SMTP_PORT: '25' }, /leave out SMTP_PORT/],
    [{ SMTP_USER: 'u', SMTP_PASSWORD: 'p' }, /SMTP_USER, SMTP_PASSWORD need SMTP_HOST/],
    [{ SMTP_HOST: 'mail.example.org', SMTP_USER: 'u' }, /SMTP_USER and SMTP_PASSWORD go together/],
    [{ SMTP_HOST: 'mail.example.org', SMTP_PASSWORD: 'p' }, /SMTP_USER and SMTP_PASSWORD go together/],
  ])('refuses SMTP settings that contradict each other: %j', (env, message) => {
    expect(() => settingsOf(env)).toThrow(ConfigError);
    expect(() => settingsOf(env)).toThrow(message);
  });
});

describe('the mailer the product starts with', () => {
  const logged = () => {
    const lines: { msg: string; smtp?: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    return { lines, logger: pino({ level: 'info' }, stream) };
  };
  const pool = new pg.Pool(); // never connects: nothing is sent here

  it('is the outbox without SMTP, and says so', async () => {
    const { lines, logger } = logged();
    expect(createMailer(settingsOf({}), pool, logger)).toBeInstanceOf(OutboxMailer);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => line.msg)).toEqual([expect.stringContaining('kept in the outbox')]);
  });

  it('is SMTP when configured, and logs the server without its password', async () => {
    const { lines, logger } = logged();
    const mailer = createMailer(
      settingsOf({ SMTP_URL: 'smtp://u:secret@mail.example.org:2525' }),
      pool,
      logger,
    );
    expect(mailer).toBeInstanceOf(SmtpMailer);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'mail goes through SMTP', smtp: 'smtp://mail.example.org:2525' }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });
});
