/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The Go server in dev; override with BRIGADE_API=http://host:port.
const apiTarget = process.env.BRIGADE_API ?? 'http://127.0.0.1:18080';

// Left to itself, the bundler cuts the MUI components that lazy screens share into one small chunk
// per set of screens using them: the dashboard then downloads 85 files, and gzip, which compresses
// each file alone, loses ~27 kB on them. Three groups keep the first routes to a few files:
// everything the entry imports statically, the components of every form and menu (sign-in
// included), and those of the signed-in frame and its screens (never downloaded by sign-in).
const muiComponents = (names: string) => new RegExp(`node_modules[\\\\/]@mui[\\\\/]material[\\\\/](${names})[\\\\/]`);
const chunkGroups = [
  { name: 'initial', tags: ['$initial' as const], priority: 3 },
  {
    name: 'mui-forms',
    test: muiComponents(
      'InputBase|OutlinedInput|FilledInput|Input|InputLabel|InputAdornment|FormControl|FormLabel|FormHelperText|TextField|' +
        'Select|NativeSelect|TextareaAutosize|Menu|MenuList|Popover|Modal|Backdrop|Fade|Grow|Paper|Portal|Unstable_TrapFocus|' +
        'List|Tooltip|Popper|IconButton|ButtonBase|Button|Stack|Typography|Link|Divider|Alert|CircularProgress|SvgIcon|' +
        'utils|internal|transitions',
    ),
    priority: 2,
  },
  {
    name: 'mui-frame',
    test: muiComponents(
      'AppBar|Toolbar|Drawer|Slide|ListItem|ListItemButton|ListItemIcon|ListItemText|ListSubheader|Collapse|Chip|Avatar|' +
        'Badge|MenuItem|Breadcrumbs|Skeleton|LinearProgress|Card|Table\\w*',
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
