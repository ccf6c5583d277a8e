/**
 * Reads a QR code as a phone's camera would: from the pixels on screen (a screenshot of the
 * element), with a real decoder (jsQR), never from the text the page meant to draw.
 */
import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export async function readQr(code: Locator): Promise<string | undefined> {
  const picture = PNG.sync.read(await code.screenshot());
  const found = jsQR(new Uint8ClampedArray(picture.data), picture.width, picture.height);
  return found?.data;
}
