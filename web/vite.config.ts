/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The Go server in dev; override with BRIGADE_API=http://host:port.
const apiTarget = process.env.BRIGADE_API ?? 'http://127.0.0.1:18080';

// Left to itself, the bundler cuts the MUI components that lazy screens share into one small chunk
// per set of screens using them: the dashboard then downloads 85 files, and gzip, which compresses
// each file alone, loses ~27 kB on them. A few groups keep the first routes to a few files, each
// group what a first route needs and no more (issue 16):
// - initial: everything the entry imports statically;
// - mui-base: inputs, buttons, typography and alerts, which the sign-in page draws with, and the
//   @mui/utils and @mui/system helpers every component shares;
// - mui-overlays: menus, popovers, dialogs' modal and tooltips (Popper), for the signed-in frame
//   (the sign-in page loads its palette button with them, after drawing);
// - mui-forms: TextField and Select, for the screens with such forms (the frame's searches and the
//   sign-in page use OutlinedInput alone);
// - mui-frame: the signed-in frame's bar, drawer and lists, and tables (not their pagination, which
//   brings Select).
const muiComponents = (names: string) => new RegExp(`node_modules[\\\\/]@mui[\\\\/]material[\\\\/](${names})[\\\\/]`);
const packages = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);
const anyOf = (...patterns: RegExp[]) => new RegExp(patterns.map((p) => p.source).join('|'));
const chunkGroups = [
  { name: 'initial', tags: ['$initial' as const], priority: 3 },
  {
    name: 'mui-base',
    test: anyOf(
      muiComponents(
        'InputBase|OutlinedInput|InputLabel|InputAdornment|FormControl|FormLabel|FormHelperText|TextareaAutosize|' +
          'IconButton|ButtonBase|Button|Stack|Typography|Link|Alert|CircularProgress|SvgIcon|Paper|utils|internal|transitions',
      ),
      packages('@mui[\\\\/]utils|@mui[\\\\/]system'),
    ),
    priority: 2,
  },
  {
    name: 'mui-overlays',
    test: anyOf(
      muiComponents(
        'Menu|MenuList|List|Popover|Modal|Backdrop|Fade|Grow|Portal|Unstable_TrapFocus|Tooltip|Popper|ToggleButton|' +
          'ToggleButtonGroup|Divider',
      ),
      packages('@popperjs'),
    ),
    priority: 2,
  },
  { name: 'mui-forms', test: muiComponents('TextField|Select|NativeSelect|FilledInput|Input'), priority: 2 },
  {
    name: 'mui-frame',
    test: muiComponents(
      'AppBar|Toolbar|Drawer|Slide|ListItem|ListItemButton|ListItemIcon|ListItemText|ListSubheader|Collapse|Chip|Avatar|' +
        'Badge|MenuItem|Breadcrumbs|Skeleton|LinearProgress|Card|Table(?!Pagination)\\w*',
    ),
    priority: 1,
  },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route loads (scripts/bundle-size.mjs reads it;
    // the server never publishes it).
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false, ws: false },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 20000,
  },
});
