// Fails when a first route downloads more than its budget of gzip JavaScript.
// What a route needs is read from the build's manifest (vite build.manifest):
// the entry chunk, plus each lazy module the route renders (the signed-in
// frame, the page), each with every chunk it imports statically, once.
// Chunks it imports dynamically (charts, other screens) are not counted:
// they load later, behind their own loading panel.
// Usage (after `npm run build`): node scripts/bundle-size.mjs [distDir]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

/**
 * The target for every first route, in kB of gzip JavaScript (1000 bytes, as Vite prints
 * them). The sign-in page meets it and its ceiling is the target itself; the signed-in routes do not
 * yet (React DOM alone is about 60 kB, MUI's styling core 30 kB, the signed-in frame with its menus,
 * tooltips and drawers 55 kB): their `ceiling` below holds what was won (it fails `make test` when a
 * change makes a first route heavier) and comes down as the target is approached (README,
 * "L'application web : poids et cache").
 */
export const TARGET_KB = 200;

/** The routes a visitor opens first, the lazy modules (src paths) each renders, and their ceiling in kB. */
export const FIRST_ROUTES = [
  { name: 'connexion (/auth/login)', modules: ['src/features/auth/pages/LoginPage.tsx'], ceiling: TARGET_KB },
  {
    name: 'tableau de bord (/RealtimeDashboard, accueil après connexion)',
    modules: ['src/app/shell/AppShell.tsx', 'src/features/orders/pages/RealtimeDashboardPage.tsx'],
    // 256.4 kB once the cartes' and deployment's query keys left their queries (the server events
    // had pulled both screens' query code into the shell).
    ceiling: 258,
  },
  {
    name: 'franchises (/superadmin/franchises, accueil du super-admin)',
    modules: ['src/app/shell/AppShell.tsx', 'src/features/superadmin/pages/FranchisesPage.tsx'],
    // 251.4 kB, like the dashboard since the query keys left the shell.
    ceiling: 254,
  },
];

/** The manifest keys a route loads before it can draw: entries and route modules with their static imports. */
export function chunksOf(manifest, modules) {
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entries.length === 0) throw new Error('the manifest has no entry chunk');
  for (const m of modules) {
    if (!manifest[m]) {
      throw new Error(`${m} is not a chunk of its own in the manifest: is it still loaded with import()? (update FIRST_ROUTES if it moved)`);
    }
  }
  const seen = new Set();
  const stack = [...entries, ...modules];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names ${key} but does not describe it`);
    stack.push(...(chunk.imports ?? []));
  }
  return [...seen].map((k) => manifest[k].file).filter((f) => /\.m?js$/.test(f));
}

const gzipBytes = (dist, file) => gzipSync(readFileSync(join(dist, file)), { level: constants.Z_BEST_COMPRESSION }).length;

/** Each first route's JavaScript files and their total gzip size. */
export function measure(dist) {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`npm run build\` first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return FIRST_ROUTES.map((route) => {
    const files = [...new Set(chunksOf(manifest, route.modules))]
      .map((file) => ({ file, gzip: gzipBytes(dist, file) }))
      .sort((a, b) => b.gzip - a.gzip);
    return { ...route, files, gzip: files.reduce((n, f) => n + f.gzip, 0) };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dist = resolve(process.argv[2] ?? 'dist');
  let over = 0;
  for (const route of measure(dist)) {
    const kb = route.gzip / 1000;
    const ok = kb <= route.ceiling;
    if (!ok) over++;
    const target = kb <= TARGET_KB ? 'objectif atteint' : `objectif ${TARGET_KB} kB`;
    console.log(
      `${ok ? 'ok  ' : 'TROP'} ${kb.toFixed(1).padStart(6)} kB gzip (plafond ${route.ceiling} kB, ${target})  ${route.name}, ${route.files.length} fichiers JS`,
    );
    for (const f of route.files.slice(0, ok ? 3 : route.files.length)) {
      console.log(`       ${(f.gzip / 1000).toFixed(1).padStart(6)} kB  ${f.file}`);
    }
  }
  if (over > 0) {
    console.error(`bundle-size: ${over} premier(s) écran(s) au-dessus de leur plafond de JavaScript gzip`);
    process.exit(1);
  }
}
