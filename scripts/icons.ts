/**
 * Draws the app's icons (a drone, white on the theme colour) as PNG files in learner/public/icons:
 * 192 and 512 px for any use (rounded corners), a 512 px maskable one (full bleed, the drone
 * inside the central safe circle) and the 180 px Apple touch icon. The drawing is a few shapes
 * sampled 4×4 per pixel and written with node:zlib, so nothing needs installing.
 * Run `npm run icons` after changing it; the files are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { ROOT } from './lib/content.ts';

type Rgba = [number, number, number, number];

const THEME: Rgba = [0x0c, 0x4a, 0x6e, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const CLEAR: Rgba = [0, 0, 0, 0];
const SAMPLES = 4;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1);
    rows[row] = 0;
    for (let x = 0; x < size; x++) rows.set(pixel(x, y), row + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const ROTOR = 0.2;

/** Whether a point of the unit square (centre 0.5, 0.5) is on the drone, at `scale`. */
function onDrone(u: number, v: number, scale: number): boolean {
  const x = (u - 0.5) / scale;
  const y = (v - 0.5) / scale;
  if (Math.max(Math.abs(x), Math.abs(y)) < 0.085) return true;
  // Arms along both diagonals, out to the rotors.
  const along = Math.max(Math.abs(x), Math.abs(y));
  if (along < ROTOR && Math.abs(Math.abs(x) - Math.abs(y)) < 0.045) return true;
  const rx = Math.abs(x) - ROTOR;
  const ry = Math.abs(y) - ROTOR;
  const r = Math.hypot(rx, ry);
  return (r < 0.125 && r > 0.088) || r < 0.03;
}

function inRoundedSquare(u: number, v: number, radius: number): boolean {
  const dx = Math.max(radius - u, 0, u - (1 - radius));
  const dy = Math.max(radius - v, 0, v - (1 - radius));
  return Math.hypot(dx, dy) <= radius;
}

function icon(size: number, { maskable }: { maskable: boolean }): Buffer {
  const scale = maskable ? 0.85 : 1;
  return png(size, (px, py) => {
    let drone = 0;
    let inside = 0;
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const u = (px + (sx + 0.5) / SAMPLES) / size;
        const v = (py + (sy + 0.5) / SAMPLES) / size;
        if (!maskable && !inRoundedSquare(u, v, 0.2)) continue;
        inside += 1;
        if (onDrone(u, v, scale)) drone += 1;
      }
    }
    if (inside === 0) return CLEAR;
    const total = SAMPLES * SAMPLES;
    const mix = drone / inside;
    const colour = THEME.map((c, i) => Math.round(c + (WHITE[i]! - c) * mix)) as Rgba;
    colour[3] = Math.round((255 * inside) / total);
    return colour;
  });
}

const dir = path.join(ROOT, 'learner/public/icons');
mkdirSync(dir, { recursive: true });
const files: Array<[string, Buffer]> = [
  ['icon-192.png', icon(192, { maskable: false })],
  ['icon-512.png', icon(512, { maskable: false })],
  ['icon-maskable-512.png', icon(512, { maskable: true })],
  ['apple-touch-icon.png', icon(180, { maskable: true })],
];
for (const [name, data] of files) {
  writeFileSync(path.join(dir, name), data);
  console.info(`${name}  ${(data.length / 1024).toFixed(1)} KiB`);
}
