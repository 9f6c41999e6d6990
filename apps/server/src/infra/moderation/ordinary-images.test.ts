import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createClassifierPool } from './classifier-pool.ts';
import { createLocalImageModerator } from './image-moderator.ts';

/**
 * Ordinary pictures a journal holds, drawn as SVG so the set lives in the repository without photos: skin tones,
 * beach scenes with swimwear, medical diagrams, art, everyday things. None should be refused (ADR 063).
 */
const SKIN = ['#ffdbac', '#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#5c3a21'];

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="448" height="448" viewBox="0 0 448 448">${body}</svg>`;

const skinGradient = (from: string, to: string, radial: boolean) =>
  svg(
    radial
      ? `<defs><radialGradient id="g"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient></defs><rect width="448" height="448" fill="url(#g)"/>`
      : `<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="448" height="448" fill="url(#g)"/>`,
  );

/** Sky, sea and sand with swimmers: a body in a skin tone, a swimsuit of two colours. */
const beach = (skin: string, suit: string, people: number) =>
  svg(
    `<rect width="448" height="180" fill="#8ecae6"/><rect y="180" width="448" height="90" fill="#219ebc"/><rect y="270" width="448" height="178" fill="#f4d58d"/><circle cx="380" cy="60" r="34" fill="#ffd166"/>${Array.from(
      { length: people },
      (_, i) => {
        const x = 70 + i * (300 / Math.max(people, 1));
        return `<g transform="translate(${x} 250)"><circle cx="0" cy="0" r="22" fill="${skin}"/><rect x="-26" y="22" width="52" height="110" rx="22" fill="${skin}"/><rect x="-26" y="50" width="52" height="24" fill="${suit}"/><rect x="-26" y="92" width="52" height="28" fill="${suit}"/><rect x="-24" y="130" width="16" height="70" fill="${skin}"/><rect x="8" y="130" width="16" height="70" fill="${skin}"/></g>`;
      },
    ).join('')}`,
  );

/** A labelled anatomy diagram: a torso outline in a skin tone with organs and leader lines. */
const anatomy = (skin: string) =>
  svg(
    `<rect width="448" height="448" fill="#ffffff"/><ellipse cx="224" cy="70" rx="46" ry="56" fill="${skin}" stroke="#333"/><path d="M140 140 Q224 110 308 140 L300 420 L148 420 Z" fill="${skin}" stroke="#333" stroke-width="2"/><ellipse cx="195" cy="210" rx="30" ry="40" fill="#e57373"/><ellipse cx="255" cy="210" rx="30" ry="40" fill="#e57373"/><ellipse cx="224" cy="300" rx="50" ry="30" fill="#a1887f"/><line x1="255" y1="210" x2="400" y2="180" stroke="#333"/><text x="330" y="175" font-size="18" font-family="sans-serif">lung</text><line x1="224" y1="300" x2="400" y2="320" stroke="#333"/><text x="330" y="315" font-size="18" font-family="sans-serif">liver</text>`,
  );

/** A breast self-examination diagram as clinics print it: outlines, arrows, numbered steps. */
const selfExamDiagram = (skin: string) =>
  svg(
    `<rect width="448" height="448" fill="#fafafa"/><path d="M80 120 Q224 90 368 120 L368 380 L80 380 Z" fill="${skin}" stroke="#555" stroke-width="2"/><circle cx="170" cy="230" r="55" fill="none" stroke="#555" stroke-width="2"/><circle cx="278" cy="230" r="55" fill="none" stroke="#555" stroke-width="2"/><path d="M170 175 A55 55 0 1 1 169 175" fill="none" stroke="#1e88e5" stroke-width="4" stroke-dasharray="8 6"/><text x="40" y="60" font-size="26" font-family="sans-serif">Step 2: circle outward</text>`,
  );

const abstractArt = (seed: number) =>
  svg(
    `<rect width="448" height="448" fill="${['#264653', '#f4a261', '#2a9d8f', '#e9c46a'][seed % 4]}"/>${Array.from(
      { length: 12 },
      (_, i) =>
        `<circle cx="${(seed * 53 + i * 97) % 448}" cy="${(seed * 31 + i * 71) % 448}" r="${20 + ((i * 13) % 60)}" fill="${SKIN[(seed + i) % SKIN.length]}" opacity="0.8"/>`,
    ).join('')}`,
  );

/** A portrait in the style of a children's drawing: face, hair, shoulders, a shirt. */
const portrait = (skin: string) =>
  svg(
    `<rect width="448" height="448" fill="#e3f2fd"/><ellipse cx="224" cy="180" rx="90" ry="110" fill="${skin}"/><path d="M134 150 Q224 40 314 150 L314 120 Q224 20 134 120 Z" fill="#4e342e"/><circle cx="190" cy="170" r="10" fill="#222"/><circle cx="258" cy="170" r="10" fill="#222"/><path d="M190 235 Q224 260 258 235" stroke="#a33" stroke-width="6" fill="none"/><path d="M100 448 Q224 300 348 448 Z" fill="#43a047"/>`,
  );

const everyday = [
  svg(
    `<rect width="448" height="448" fill="#fff8e1"/><circle cx="224" cy="224" r="150" fill="#ffffff" stroke="#ccc" stroke-width="6"/><circle cx="190" cy="200" r="50" fill="#e53935"/><rect x="220" y="220" width="90" height="50" rx="10" fill="#8d6e63"/><circle cx="200" cy="300" r="30" fill="#7cb342"/>`,
  ),
  svg(
    `<rect width="448" height="260" fill="#90caf9"/><path d="M0 260 L120 120 L220 260 Z" fill="#607d8b"/><path d="M160 260 L300 90 L448 260 Z" fill="#78909c"/><rect y="260" width="448" height="188" fill="#66bb6a"/>`,
  ),
  svg(
    `<rect width="448" height="448" fill="#d7ccc8"/><ellipse cx="224" cy="300" rx="120" ry="80" fill="#ff8a65"/><circle cx="224" cy="190" r="70" fill="#ff8a65"/><polygon points="170,140 185,80 205,135" fill="#ff8a65"/><polygon points="245,135 265,80 280,140" fill="#ff8a65"/>`,
  ),
];

const ORDINARY_IMAGES: ReadonlyArray<[label: string, svg: string]> = [
  ...SKIN.map((tone, i): [string, string] => [
    `skin-tone gradient ${tone}`,
    skinGradient(tone, SKIN[(i + 2) % SKIN.length]!, i % 2 === 0),
  ]),
  ...SKIN.map((tone, i): [string, string] => [
    `beach, ${(i % 3) + 1} swimmers, ${tone}`,
    beach(tone, ['#d81b60', '#1e88e5', '#fdd835'][i % 3]!, (i % 3) + 1),
  ]),
  ...SKIN.slice(0, 3).map((tone): [string, string] => [`anatomy diagram ${tone}`, anatomy(tone)]),
  ...SKIN.slice(2, 5).map((tone): [string, string] => [
    `self-examination diagram ${tone}`,
    selfExamDiagram(tone),
  ]),
  ...[1, 2, 3, 4].map((seed): [string, string] => [`abstract art ${seed}`, abstractArt(seed)]),
  ...SKIN.slice(0, 4).map((tone): [string, string] => [`portrait drawing ${tone}`, portrait(tone)]),
  ...everyday.map((image, i): [string, string] => [`everyday picture ${i + 1}`, image]),
];

describe('image moderation on ordinary pictures (ADR 063)', () => {
  it('refuses none of them at the spec thresholds, and reports how many it would warn about', async () => {
    const moderator = createLocalImageModerator(createClassifierPool({ size: 2 }));
    try {
      const results = [];
      for (const [label, image] of ORDINARY_IMAGES) {
        const png = await sharp(Buffer.from(image)).png().toBuffer();
        results.push({ label, ...(await moderator.moderate(png)) });
      }
      const blocked = results.filter((r) => r.severity === 'medium' || r.severity === 'high');
      const warned = results.filter((r) => r.severity === 'low');
      console.info(
        `ordinary images: ${results.length}, blocked ${blocked.length} (${((100 * blocked.length) / results.length).toFixed(1)} %), low ${warned.length}\n${results
          .map((r) => `  ${r.severity.padEnd(6)} ${r.confidence.toFixed(2)} ${r.label}`)
          .join('\n')}`,
      );
      expect(blocked.map((r) => r.label)).toEqual([]);
    } finally {
      await moderator.close();
    }
  }, 120_000);
});
