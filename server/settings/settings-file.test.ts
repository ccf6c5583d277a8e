import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSettings, SETTINGS_FILE } from './settings-file.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const onDisk = () => JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8')) as object;

describe('settings.json and the welcome', () => {
  it('a new calendar waits for someone to confirm its zone, language and currency', () => {
    const settings = loadSettings(dir);
    expect(settings.get().confirmed).toBe(false);
    expect(onDisk()).toMatchObject({ confirmed: false });
    settings.update({ timezone: 'Asia/Tokyo', confirmed: true });
    expect(loadSettings(dir).get()).toMatchObject({ timezone: 'Asia/Tokyo', confirmed: true });
  });

  it('a zone chosen with a start flag needs no welcome', () => {
    expect(loadSettings(dir, { timezone: 'Europe/Berlin' }).get().confirmed).toBe(true);
  });

  it('a file from before the welcome counts as set', () => {
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify({ timezone: 'Europe/Paris' }));
    expect(loadSettings(dir).get()).toMatchObject({ timezone: 'Europe/Paris', confirmed: true });
  });
});
