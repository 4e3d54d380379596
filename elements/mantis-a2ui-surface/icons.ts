/*
 * The basic catalog's icon names (catalogs/basic/catalog.json Icon `name`) drawn without an icon font: no font or
 * sprite is ever fetched. Each name maps to a text symbol with the text (not emoji) presentation; a name outside the
 * list shows a neutral dot. An `{svgPath}` icon from the agent is drawn as an inline SVG path instead.
 */
const TEXT = '\uFE0E';

export const ICON_SYMBOLS: Readonly<Record<string, string>> = {
  accountCircle: '◉',
  add: '+',
  arrowBack: '←',
  arrowForward: '→',
  attachFile: '⎘',
  calendarToday: '▦',
  call: `☎${TEXT}`,
  camera: '◘',
  check: `✓`,
  close: '✕',
  delete: '⌫',
  download: '⤓',
  edit: `✎`,
  event: '▤',
  error: '⊗',
  fastForward: '⏩' + TEXT,
  favorite: `♥${TEXT}`,
  favoriteOff: `♡${TEXT}`,
  folder: '▭',
  help: '?',
  home: '⌂',
  info: `ℹ${TEXT}`,
  locationOn: '⌖',
  lock: '⚿',
  lockOpen: '⚷',
  mail: `✉${TEXT}`,
  menu: '☰',
  moreVert: '⋮',
  moreHoriz: '⋯',
  notificationsOff: '⍉',
  notifications: '♪',
  pause: `⏸${TEXT}`,
  payment: '▭',
  person: '⚲',
  phone: `✆`,
  photo: '▨',
  play: `▶${TEXT}`,
  print: '⎙',
  refresh: '↻',
  rewind: `⏪${TEXT}`,
  search: '⌕',
  send: '➤',
  settings: `⚙${TEXT}`,
  share: '⇪',
  shoppingCart: '⊻',
  skipNext: `⏭${TEXT}`,
  skipPrevious: `⏮${TEXT}`,
  star: `★${TEXT}`,
  starHalf: '⯪',
  starOff: `☆${TEXT}`,
  stop: `⏹${TEXT}`,
  upload: '⤒',
  visibility: '◎',
  visibilityOff: '⊘',
  volumeDown: '🔉' + TEXT,
  volumeMute: '🔈' + TEXT,
  volumeOff: '🔇' + TEXT,
  volumeUp: '🔊' + TEXT,
  warning: `⚠${TEXT}`,
};

/** The symbol of an icon name; a neutral dot for a name outside the catalog's list. */
export const iconSymbol = (name: string): string => (Object.prototype.hasOwnProperty.call(ICON_SYMBOLS, name) ? (ICON_SYMBOLS[name] as string) : '•');

/** `shoppingCart` → `shopping cart`: the spoken name of an icon that has no accessibility label. */
export const iconWords = (name: string): string =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
