import type { Plugin } from 'vite';

/**
 * How the recruiter app's JavaScript is cut into files (issue 17, docs/adr/0033): a first visit to
 * /search downloads four — the boot script, the app, the search screen and, after the first
 * results are painted, the filter sidebar — instead of 60-odd chunks of a few kilobytes that the
 * browser fetched six at a time.
 */

export const BOOT = 'src/app/boot.ts';

/** The boot script and what it imports itself (contracts and web-shared modules without zod, by their paths). */
const BOOT_MODULES =
  /src[\\/]app[\\/]boot\.ts$|src[\\/]directory[\\/]search[\\/]search-body\.ts$|session-marker\.ts$|refresh-request\.ts$/;
const SEARCH_PAGE = /src[\\/]directory[\\/]search[\\/]SearchPage\.tsx$/;

/** MUI exports that live in @mui/material/styles rather than in a folder of their own. */
const MUI_STYLES_EXPORTS = new Set(['createTheme', 'ThemeProvider', 'styled', 'useTheme', 'alpha']);

/**
 * `import { Box, Button as B } from '@mui/material'` becomes `import Box from '@mui/material/Box'`
 * and so on, in the app's own sources. The index module imports every MUI component, so through it
 * every page reached all of MUI and no group below could tell which components a page uses; by
 * their own paths, each page's chunk holds what it renders. An export this does not know fails
 * the build, naming itself.
 */
export function muiPathImports(): Plugin {
  return {
    name: 'healthtal-mui-path-imports',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes("from '@mui/material';")) return null;
      return code.replace(/import \{([^}]*)\} from '@mui\/material';/g, (_statement, names: string) =>
        names
          .split(',')
          .map((specifier) => specifier.trim())
          .filter((specifier) => specifier !== '' && !specifier.startsWith('type '))
          .map((specifier) => {
            const [name = '', alias = name] = specifier.split(/\s+as\s+/);
            if (MUI_STYLES_EXPORTS.has(name))
              return `import { ${name} as ${alias} } from '@mui/material/styles';`;
            if (!/^[A-Z]/.test(name))
              throw new Error(`${id}: add '${name}' to MUI_STYLES_EXPORTS in vite-chunks.ts`);
            return `import ${alias} from '@mui/material/${name}';`;
          })
          .join('\n'),
      );
    },
  };
}

/**
 * The chunk groups, and the plugin that finds the search screen's modules once the module graph is
 * built (everything SearchPage.tsx imports statically, directly or not):
 * - boot: the boot script, its own small file, so it runs before the app has downloaded;
 * - index: everything the app's entry imports statically, in the entry chunk;
 * - SearchPage: the rest of what the search screen imports statically (it is preloaded with the
 *   app on /search); other pages that share a module with it load it from there.
 * Lazily loaded pieces (dialogs, other pages, the filter sidebar) keep rolldown's own chunks.
 */
export function recruiterChunks() {
  const searchPage = new Set<string>();
  const plugin: Plugin = {
    name: 'healthtal-search-page-modules',
    buildEnd() {
      const start = [...this.getModuleIds()].find((id) => SEARCH_PAGE.test(id));
      if (!start) throw new Error('SearchPage.tsx is not in the build');
      const stack = [start];
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (searchPage.has(id)) continue;
        searchPage.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  const groups = [
    { name: 'boot', test: BOOT_MODULES, priority: 2 },
    { name: 'index', tags: ['$initial' as const], test: (id: string) => !BOOT_MODULES.test(id), priority: 1 },
    { name: 'SearchPage', test: (id: string) => searchPage.has(id), priority: 0 },
  ];
  return { plugin, groups };
}
