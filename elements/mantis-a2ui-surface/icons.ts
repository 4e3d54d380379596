/*
 * The basic catalog's icon names (catalogs/basic/catalog.json Icon `name`) drawn without an icon font: no font or
 * sprite is ever fetched. Each name maps to a text symbol with the text (not emoji) presentation; a name outside the
 * list shows a neutral dot. An `{svgPath}` icon from the agent is drawn as an inline SVG path instead.
 */
import { ICON_NAMES } from '../../src/protocols/a2ui/index.js';

const TEXT = '\uFE0E';

/** The symbol of each of the catalog's icon names, in the order of ICON_NAMES (the names are the core's, not repeated). */
const SYMBOLS: readonly string[] = [
  '◉', '+', '←', '→', '⎘', '▦', `☎${TEXT}`, '◘', `✓`, '✕', '⌫', '⤓', `✎`, '▤', '⊗', '⏩' + TEXT, `♥${TEXT}`,
  `♡${TEXT}`, '▭', '?', '⌂', `ℹ${TEXT}`, '⌖', '⚿', '⚷', `✉${TEXT}`, '☰', '⋮', '⋯', '⍉', '♪', `⏸${TEXT}`, '▭', '⚲',
  `✆`, '▨', `▶${TEXT}`, '⎙', '↻', `⏪${TEXT}`, '⌕', '➤', `⚙${TEXT}`, '⇪', '⊻', `⏭${TEXT}`, `⏮${TEXT}`, `★${TEXT}`,
  '⯪', `☆${TEXT}`, `⏹${TEXT}`, '⤒', '◎', '⊘', '🔉' + TEXT, '🔈' + TEXT, '🔇' + TEXT, '🔊' + TEXT, `⚠${TEXT}`,
];

/** The symbol of an icon name; a neutral dot for a name outside the catalog's list. */
export const iconSymbol = (name: string): string => SYMBOLS[(ICON_NAMES as readonly string[]).indexOf(name)] ?? '•';

/** `shoppingCart` → `shopping cart`: the spoken name of an icon that has no accessibility label. */
export const iconWords = (name: string): string =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
