#!/usr/bin/env node
// Draws the installable app's PNG icons (ADR 040) from apps/web/public/favicon.svg with sharp: the sizes
// Chromium's install check and Android ask for (192, 512), a maskable 512 whose logo sits inside the 80 %
// safe zone, and the 180 px apple-touch-icon. The PNGs are committed; run this again after changing the logo.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const webPublic = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'public');
const logo = readFileSync(path.join(webPublic, 'favicon.svg'));
/** The logo's own green: a maskable icon's background runs to the edge of any mask. */
const BRAND = '#2d6a5f';

async function plain(size, name) {
  await sharp(logo, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(webPublic, 'icons', name));
}

async function maskable(size, name) {
  const inner = Math.round(size * 0.7);
  const art = await sharp(logo, { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: art, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(webPublic, 'icons', name));
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await maskable(512, 'icon-maskable-512.png');
await plain(180, 'apple-touch-icon.png');
