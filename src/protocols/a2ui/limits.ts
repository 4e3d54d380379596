/*
 * A2UI's bounds, named once beside the protocol (as agent-ui@1's are): src/limits.ts holds the rest. Apart from it so a
 * page that never shows a surface does not carry them.
 */
/**
 * Bounds of A2UI v0.9 surfaces (src/protocols/a2ui/, ../shared/spec/a2ui-v0.9/): ours, the A2UI specification gives none. They
 * bound the work one agent's messages can cost the page: validation, the surface store and the renderer read them.
 */
export const A2UI_LIMITS = {
  /** Messages in one batch (one Composer `a2ui` event carries at most this many). */
  messagesPerBatch: 64,
  /** Surfaces one store (one renderer, one chat) holds at once; a further createSurface is refused. */
  surfacesPerStore: 32,
  /** Distinct component ids of one surface, across all its updateComponents. */
  componentsPerSurface: 500,
  /** Nesting depth of a surface's component tree from `root` (root is depth 1), template edges included. */
  depth: 32,
  /** Children of one component: a static `children` list or the tabs of a Tabs. */
  childrenPerComponent: 200,
  /** Items one template (ChildList `{componentId, path}`) expands to; the renderer shows no more. */
  listItems: 200,
  /** Template instances across one render of a surface, all templates and nesting together. */
  templateExpansion: 2000,
  /**
   * Component instances in one render of a surface: a component referenced from several places counts once per place
   * (so a few components shared level by level cannot multiply into millions), template instances included.
   */
  componentInstances: 5000,
  /** Characters (UTF-16 code units) of any string or object key in a message. */
  stringChars: 16 * 1024,
  /** Characters of a JSON Pointer: a binding's, a template's or updateDataModel's `path`. */
  pathChars: 1024,
  /** Nesting depth of a message as JSON (a data model value sits three levels down, function calls nest too). */
  jsonDepth: 48,
  /** UTF-8 bytes of a surface's whole data model as JSON; an update past it is refused and changes nothing. */
  dataModelBytes: 256 * 1024,
  /** Nesting depth of a surface's data model (a scalar is 0, `{}` is 1). */
  dataModelDepth: 32,
  /** Characters of a regular expression's source (the `regex` function's pattern, TextField `validationRegexp`). */
  regexSourceChars: 256,
  /** Characters of the input a regular expression is run on; a longer input fails the check instead of running. */
  regexInputChars: 4096,
  /** Characters of a `formatString` template. */
  formatStringChars: 4096,
} as const;
