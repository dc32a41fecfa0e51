// Writes a .br and a .gz sibling beside every compressible file of dist/assets,
// at the highest levels (done once per build, not per request): the Go server
// (internal/httpapi/spa.go) sends them to browsers that accept them.
// Usage: node scripts/precompress.mjs [distDir]   (default: dist)
import { readdirSync, readFileSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Fonts (woff2) and images are compressed formats already.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|txt|xml|wasm)$/i;

export function precompress(dir) {
  const written = [];
  for (const entry of readdirSync(dir)) {
    const file = join(dir, entry);
    if (statSync(file).isDirectory()) {
      written.push(...precompress(file));
      continue;
    }
    if (!COMPRESSIBLE.test(entry)) continue;
    const raw = readFileSync(file);
    const variants = {
      '.br': brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      '.gz': gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }),
    };
    for (const [suffix, body] of Object.entries(variants)) {
      // A variant that saves nothing is left out: the server then sends the file itself.
      if (body.length >= raw.length) {
        rmSync(file + suffix, { force: true });
        continue;
      }
      writeFileSync(file + suffix, body);
      written.push({ file: file + suffix, bytes: body.length, raw: raw.length });
    }
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const assets = resolve(process.argv[2] ?? 'dist', 'assets');
  const written = precompress(assets);
  const sum = (suffix) => written.filter((w) => w.file.endsWith(suffix)).reduce((n, w) => n + w.bytes, 0);
  console.log(
    `precompress: ${written.length} files in ${assets} (brotli ${(sum('.br') / 1000).toFixed(1)} kB, gzip ${(sum('.gz') / 1000).toFixed(1)} kB)`,
  );
}
